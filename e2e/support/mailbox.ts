import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { e2eEnvironment } from './environment';

// Reads the mails the SMTP sink stored: just enough MIME to find the text a person would read.

export interface ReceivedMail {
  file: string;
  to: string;
  subject: string;
  /** The text/plain part, decoded (the HTML part when there is no plain one). */
  text: string;
}

/**
 * Waits for the first mail to `to` that arrived after `since` (a Date.now() taken before the request),
 * and whose subject matches `subject` when given (a sign-in from a new browser mails a notice too).
 */
export async function waitForMail(
  to: string,
  { since, subject, timeoutMs = 15_000 }: { since: number; subject?: RegExp; timeoutMs?: number },
): Promise<ReceivedMail> {
  const { mailDir } = e2eEnvironment();
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = (await readdir(mailDir)).filter((f) => f.endsWith('.eml')).sort();
    for (const name of files) {
      // File names start with the arrival time in ms (see smtp-sink.ts).
      if (Number(name.split('-')[0]) < since) continue;
      const mail = parseMail(path.join(mailDir, name), await readFile(path.join(mailDir, name), 'utf8'));
      if (mail.to.toLowerCase().includes(to.toLowerCase()) && (!subject || subject.test(mail.subject)))
        return mail;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No mail to ${to} arrived within ${timeoutMs} ms (looked in ${mailDir})`);
}

/** The reset link of a password-reset mail: `<APP_URL>/auth/reset/<token>?email=<email>`. */
export function resetLinkIn(mail: ReceivedMail): string {
  const link = mail.text.match(/https?:\/\/[^\s"<>]+\/auth\/reset\/[^\s"<>?]+\?email=[^\s"<>&]+/)?.[0];
  if (!link) throw new Error(`No reset link in ${mail.file}:\n${mail.text}`);
  return link;
}

function parseMail(file: string, raw: string): ReceivedMail {
  const { headers, body } = splitEntity(raw);
  const parts = leafParts(headers, body);
  const plain = parts.find((p) => p.type.startsWith('text/plain')) ?? parts[0];
  return {
    file,
    to: headers.get('to') ?? '',
    subject: decodeEncodedWords(headers.get('subject') ?? ''),
    text: plain ? plain.text : '',
  };
}

function splitEntity(raw: string): { headers: Map<string, string>; body: string } {
  const separator = raw.search(/\r?\n\r?\n/);
  const head = separator === -1 ? raw : raw.slice(0, separator);
  const body = separator === -1 ? '' : raw.slice(separator).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  // Folded header lines continue with whitespace (RFC 5322 §2.2.3).
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function leafParts(headers: Map<string, string>, body: string): Array<{ type: string; text: string }> {
  const type = (headers.get('content-type') ?? 'text/plain').toLowerCase();
  const boundary = headers.get('content-type')?.match(/boundary="?([^";]+)"?/i)?.[1];
  if (type.startsWith('multipart/') && boundary) {
    return body
      .split(`--${boundary}`)
      .slice(1)
      .filter((chunk) => !chunk.startsWith('--'))
      .flatMap((chunk) => {
        const part = splitEntity(chunk.replace(/^\r?\n/, ''));
        return leafParts(part.headers, part.body);
      });
  }
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const text =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(body)
        : body;
  return [{ type, text }];
}

/** RFC 2045 §6.7: soft line breaks joined, `=XX` bytes decoded as UTF-8. */
function decodeQuotedPrintable(text: string): string {
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

/** RFC 2047: a header's encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`) as the text they stand for. */
function decodeEncodedWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?[^?]+\?([QqBb])\?([^?]*)\?=/g, (_all, encoding: string, data: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}
