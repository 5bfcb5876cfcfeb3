import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

type Log = { info(obj: object, msg: string): void };

/** MAIL_* (config/config.ts reads them into this shape). */
export interface MailSettings {
  mailer: 'smtp' | 'log';
  host: string;
  port: number;
  username: string | undefined;
  password: string | undefined;
  encryption: 'tls' | 'ssl' | null;
  fromAddress: string;
  fromName: string;
}

/** MAIL_MAILER=smtp sends through the SMTP server; log writes each message to STORAGE_PATH/mail and the log. */
export function createMailer(config: { mail: MailSettings; storagePath: string }, log: Log): Mailer {
  const from = { name: config.mail.fromName, address: config.mail.fromAddress };
  if (config.mail.mailer === 'smtp') {
    const transport = nodemailer.createTransport({
      host: config.mail.host,
      port: config.mail.port,
      secure: config.mail.encryption === 'ssl',
      requireTLS: config.mail.encryption === 'tls',
      ...(config.mail.username
        ? { auth: { user: config.mail.username, pass: config.mail.password ?? '' } }
        : {}),
    });
    return {
      async send(message) {
        await transport.sendMail({ from, ...message });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const dir = path.resolve(config.storagePath, 'mail');
  return {
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      await mkdir(dir, { recursive: true });
      const file = path.join(
        dir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`,
      );
      await writeFile(file, info.message as Buffer);
      log.info(
        { to: message.to, subject: message.subject, file, body: message.text },
        'Correo escrito en el registro',
      );
    },
  };
}
