import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type SmtpServer, startSmtpServer } from '../../apps/api/test/support/mail';

// A local SMTP server the API sends its mails to (MAIL_MAILER=smtp). Every message is kept as an
// .eml file so a test can read the link a person would click.

export type SmtpSink = SmtpServer;

export function startSmtpSink(mailDir: string): Promise<SmtpSink> {
  let received = 0;
  return startSmtpServer((raw) => {
    received += 1;
    return writeFile(path.join(mailDir, `${Date.now()}-${String(received).padStart(4, '0')}.eml`), raw);
  });
}
