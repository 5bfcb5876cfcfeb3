import { madridMinuteText } from '@gestor/shared';
import { mailLayout } from '../../lib/mail-layout';
import type { MailMessage } from '../../lib/mailer';
import { RESET_TOKEN_MINUTES } from './auth-repository';

// The Spanish mails of the sign-in lifecycle. Links point at the SPA (FRONTEND_URL/auth/reset/{token}?email=…).

export function resetLink(frontendUrl: string, token: string, email: string): string {
  return `${frontendUrl}/auth/reset/${encodeURIComponent(token)}?email=${encodeURIComponent(email)}`;
}

export function passwordResetMail(
  appName: string,
  to: { name: string; email: string },
  link: string,
): MailMessage {
  const body = mailLayout(
    appName,
    [
      `Hola, ${to.name}:`,
      'Ha recibido este correo porque se solicitó restablecer la contraseña de su cuenta.',
    ],
    link,
    'Restablecer contraseña',
    [
      `Este enlace caduca en ${RESET_TOKEN_MINUTES} minutos y solo puede usarse una vez.`,
      'Si no ha solicitado restablecer la contraseña, no tiene que hacer nada.',
    ],
  );
  return { to: to.email, subject: `${appName}: restablecer contraseña`, ...body };
}

/** Issue 16: an invitation welcomes the person and asks them to create a password; it lasts days. */
export function invitationMail(
  appName: string,
  to: { name: string; email: string },
  link: string,
  lifetimeDays: number,
): MailMessage {
  const days = lifetimeDays === 1 ? '1 día' : `${lifetimeDays} días`;
  const body = mailLayout(
    appName,
    [
      `Hola, ${to.name}:`,
      `Le damos la bienvenida a ${appName}. Se ha creado una cuenta para usted con la dirección ${to.email}.`,
      'Para empezar, cree su contraseña con el botón de abajo.',
    ],
    link,
    'Crear su contraseña',
    [
      `Este enlace caduca en ${days} y solo puede usarse una vez. Si caduca, pida otro con «Olvidé mi contraseña» en la pantalla de acceso.`,
    ],
  );
  return { to: to.email, subject: `${appName}: bienvenida, cree su contraseña`, ...body };
}

/** Issue 21: the link that confirms a new address, sent to that address. */
export function emailChangeMail(
  appName: string,
  to: { name: string; email: string },
  link: string,
  lifetimeMinutes: number,
): MailMessage {
  const body = mailLayout(
    appName,
    [
      `Hola, ${to.name}:`,
      `Se ha pedido que ${to.email} sea el correo electrónico de su cuenta de ${appName}.`,
      'Confírmelo con el botón de abajo, con la sesión iniciada. Hasta entonces, su cuenta sigue con el correo anterior.',
    ],
    link,
    'Confirmar el nuevo correo',
    [
      `Este enlace caduca en ${lifetimeMinutes} minutos y solo puede usarse una vez.`,
      'Si no lo ha pedido usted, no tiene que hacer nada.',
    ],
  );
  return { to: to.email, subject: `${appName}: confirme su nuevo correo electrónico`, ...body };
}

/** Issue 21: the old address is told that a change was asked for, with a way to review the account. */
export function emailChangeNoticeMail(
  appName: string,
  to: { name: string; email: string },
  newEmail: string,
  accountLink: string,
): MailMessage {
  const body = mailLayout(
    appName,
    [
      `Hola, ${to.name}:`,
      `Se ha pedido cambiar el correo electrónico de su cuenta de ${appName} a ${newEmail}. El cambio se hará cuando se confirme desde esa dirección.`,
    ],
    accountLink,
    'Revisar mi cuenta',
    [
      'Si no lo ha pedido usted, cambie su contraseña cuanto antes y cierre las sesiones que no reconozca: el cambio no se hará sin ella.',
    ],
  );
  return { to: to.email, subject: `${appName}: cambio de correo electrónico solicitado`, ...body };
}

/** Issue 21: a sign-in from a browser this person has not used before, with where to review it. */
export function newDeviceMail(
  appName: string,
  to: { name: string; email: string },
  signIn: { device: string; ip: string | null; at: Date },
  sessionsLink: string,
): MailMessage {
  const body = mailLayout(
    appName,
    [
      `Hola, ${to.name}:`,
      `Se ha iniciado sesión en su cuenta de ${appName} desde un dispositivo que no habíamos visto antes.`,
      `Dispositivo: ${signIn.device}`,
      `Dirección: ${signIn.ip ?? 'desconocida'}`,
      `Fecha: ${madridMinuteText(signIn.at)} (hora de Madrid)`,
    ],
    sessionsLink,
    'Revisar mis sesiones',
    [
      'Si ha sido usted, no tiene que hacer nada.',
      'Si no lo reconoce, cambie su contraseña cuanto antes y cierre esa sesión desde «Mi cuenta».',
    ],
  );
  return { to: to.email, subject: `Nuevo inicio de sesión en ${appName}`, ...body };
}

/** Decision 035: an administrator removed the person's second factor; sign-in asks only the password now. */
export function twoFactorResetMail(
  appName: string,
  to: { name: string; email: string },
  accountLink: string,
): MailMessage {
  const body = mailLayout(
    appName,
    [
      `Hola, ${to.name}:`,
      `Un administrador ha restablecido la verificación en dos pasos de su cuenta de ${appName}. Hasta que la vuelva a activar, para entrar solo se le pedirá la contraseña.`,
      'Puede activarla de nuevo, con su aplicación de autenticación, en «Mi cuenta».',
    ],
    accountLink,
    'Abrir Mi cuenta',
    ['Si no ha pedido este cambio, avise cuanto antes a un administrador.'],
  );
  return { to: to.email, subject: `${appName}: se ha restablecido su verificación en dos pasos`, ...body };
}
