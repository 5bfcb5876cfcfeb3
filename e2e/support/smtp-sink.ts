import { writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

// A local SMTP server the API sends its mails to (MAIL_MAILER=smtp). Every message is kept as an
// .eml file so a test can read the link a person would click.

export interface SmtpSink {
  port: number;
  close(): Promise<void>;
}

export async function startSmtpSink(mailDir: string): Promise<SmtpSink> {
  let received = 0;
  const server = new SMTPServer({
    // Plain SMTP on 127.0.0.1: no TLS certificate to manage, no credentials to check.
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        received += 1;
        const file = path.join(mailDir, `${Date.now()}-${String(received).padStart(4, '0')}.eml`);
        writeFile(file, Buffer.concat(chunks)).then(() => callback(), callback);
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
