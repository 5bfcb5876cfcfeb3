import { SMTPServer } from 'smtp-server';
import type { Mailer, MailMessage } from '../../src/lib/mailer';

/** A mailer that keeps what it is asked to send, for tests to read. */
export interface RecordingMailer extends Mailer {
  /** Every message the app handed over, in order (recorded before any hold). */
  readonly sent: MailMessage[];
  /** The messages sent to one address (compared case-insensitively). */
  to(address: string): MailMessage[];
  /** Until the returned function is called, sending never finishes (a stuck SMTP server). */
  hold(): () => void;
}

export function recordingMailer(): RecordingMailer {
  const sent: MailMessage[] = [];
  let held: Promise<void> | null = null;
  return {
    sent,
    to: (address) => sent.filter((message) => message.to.toLowerCase() === address.toLowerCase()),
    hold() {
      let release = () => {};
      held = new Promise((resolve) => {
        release = () => {
          held = null;
          resolve();
        };
      });
      return release;
    },
    async send(message) {
      sent.push(message);
      if (held) await held;
    },
  };
}

/** Polls until `probe` returns something other than undefined/false (mails go out after the response). */
export async function waitFor<T>(
  probe: () => T | undefined | false | Promise<T | undefined | false>,
  { timeoutMs = 5_000, what = 'the condition' }: { timeoutMs?: number; what?: string } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(20);
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The token and email of a reset link (`…/auth/reset/{token}?email=…`) found in a mail body. */
export function resetLinkIn(body: string): { link: string; token: string; email: string } {
  const match = body.match(/https?:\/\/[^\s"<>]+\/auth\/reset\/([^\s"<>?]+)\?email=([^\s"<>&]+)/);
  if (!match) throw new Error(`No reset link in:\n${body}`);
  return {
    link: match[0],
    token: decodeURIComponent(match[1]!),
    email: decodeURIComponent(match[2]!),
  };
}

/** RFC 2045 quoted-printable: soft line breaks (`=` at line end) joined, `=XX` bytes decoded as UTF-8. */
export function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined[i] === '=' ? joined.slice(i + 1, i + 3) : '';
    if (/^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047 encoded words in a header (`=?UTF-8?Q?…?=` and `=?UTF-8?B?…?=`). */
export function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_all, _charset: string, encoding: string, data: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

export interface ParsedMail {
  headers: Record<string, string>;
  subject: string;
  text: string;
  html: string;
}

function splitHeaders(raw: string): { headers: Record<string, string>; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at === -1 ? raw : raw.slice(0, at);
  const body = at === -1 ? '' : raw.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function decodeBody(headers: Record<string, string>, body: string): string {
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** Just enough MIME to read what nodemailer sends: headers, and the text and HTML parts decoded. */
export function parseRawMail(raw: string): ParsedMail {
  const { headers, body } = splitHeaders(raw);
  const parts: Array<{ headers: Record<string, string>; body: string }> = [];
  const collect = (partHeaders: Record<string, string>, partBody: string) => {
    const boundary = partHeaders['content-type']?.match(/boundary="?([^";]+)"?/i)?.[1];
    if (!boundary) {
      parts.push({ headers: partHeaders, body: decodeBody(partHeaders, partBody) });
      return;
    }
    const sections = partBody.split(`--${boundary}`).slice(1);
    for (const section of sections) {
      if (section.startsWith('--')) break;
      const inner = splitHeaders(section.replace(/^\r?\n/, ''));
      collect(inner.headers, inner.body.replace(/\r?\n$/, ''));
    }
  };
  collect(headers, body);
  const part = (type: string) =>
    parts.find((p) => (p.headers['content-type'] ?? 'text/plain').toLowerCase().startsWith(type))?.body ?? '';
  return {
    headers,
    subject: decodeHeader(headers.subject ?? ''),
    text: part('text/plain'),
    html: part('text/html'),
  };
}

/** A real SMTP server on 127.0.0.1 (MAIL_MAILER=smtp points at `port`). */
export interface SmtpServer {
  port: number;
  close(): Promise<void>;
}

/**
 * Plain SMTP (no certificate to manage, no credentials to check) handing each raw message to `keep`;
 * the message is accepted once `keep` has it. The API tests keep messages in memory (startSmtpInbox),
 * the browser tests as .eml files (e2e/support/smtp-sink.ts).
 */
export async function startSmtpServer(keep: (raw: Buffer) => void | Promise<void>): Promise<SmtpServer> {
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        Promise.resolve(keep(Buffer.concat(chunks))).then(() => callback(), callback);
      });
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    const listener = server.listen(0, '127.0.0.1', () => {
      const address = listener.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    });
  });
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** An SMTP server that keeps each raw message in memory. */
export interface SmtpInbox extends SmtpServer {
  /** Every message received, raw, in order of arrival. */
  received: string[];
}

export async function startSmtpInbox(): Promise<SmtpInbox> {
  const received: string[] = [];
  const server = await startSmtpServer((raw) => {
    received.push(raw.toString('utf8'));
  });
  return { ...server, received };
}
