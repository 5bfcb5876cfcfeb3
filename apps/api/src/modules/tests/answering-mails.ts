import { escapeHtml, mailLayout } from '../../lib/mail-layout';
import type { MailMessage } from '../../lib/mailer';

/** Minutes a mailed start link lasts. */
export const START_LINK_MINUTES = 24 * 60;

// The mails of a test that asks for an address: the start link, or, when the address has used its
// attempts, a mail that says so (only the mailbox's owner learns it; the page says the same either way).

const paragraphsHtml = (appName: string, paragraphs: string[]) =>
  `<!doctype html><html lang="es"><body style="font-family:Arial,sans-serif;color:#1f2937;line-height:1.5">
<h2 style="margin:0 0 16px">${escapeHtml(appName)}</h2>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
</body></html>`;

export function startLinkMail(appName: string, email: string, title: string, link: string): MailMessage {
  const hours = START_LINK_MINUTES / 60;
  const body = mailLayout(
    appName,
    [`Ha pedido responder al cuestionario «${title}».`, 'Para empezar, abra este enlace:'],
    link,
    'Empezar el cuestionario',
    [
      `El enlace vale ${hours} horas y sirve una sola vez. No lo comparta: es personal.`,
      'Si no lo ha pedido usted, no tiene que hacer nada.',
    ],
  );
  return { to: email, subject: `${appName}: su enlace para responder «${title}»`, ...body };
}

export function alreadyAnsweredMail(appName: string, email: string, title: string): MailMessage {
  const paragraphs = [
    `Ha pedido responder al cuestionario «${title}».`,
    'Esta dirección ya ha usado los intentos que el cuestionario permite, así que no hay un enlace nuevo.',
    'Si no lo ha pedido usted, no tiene que hacer nada.',
  ];
  return {
    to: email,
    subject: `${appName}: «${title}»`,
    html: paragraphsHtml(appName, paragraphs),
    text: paragraphs.join('\n'),
  };
}
