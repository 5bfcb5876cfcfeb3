import { z } from 'zod';
import { confirmed, newPassword, notConfirmed } from './auth';
import { emailField, requiredText, typedPasswordField } from './validation';

// "Mi cuenta" (issue 21, decision 034): what every signed-in person changes of their own account.
// Fortify's routes and bodies under the /api prefix (PUT /api/user/password, PUT
// /api/user/profile-information); the sessions list follows Jetstream's "browser sessions".

const currentPassword = typedPasswordField('contraseña actual');

/** PUT /api/user/password: Fortify's UpdateUserPassword. */
export const UpdatePasswordInput = z
  .strictObject({ current_password: currentPassword, ...newPassword })
  .refine(confirmed, notConfirmed);
export type UpdatePasswordInput = z.infer<typeof UpdatePasswordInput>;

/**
 * PUT /api/user/profile-information: the name at once; a new email needs the current password and
 * waits for the link mailed to it (EMAIL_CHANGE_MINUTES), the account keeping its old one until then.
 */
export const UpdateProfileInput = z.strictObject({
  name: requiredText('nombre'),
  email: emailField(),
  // Asked only when the email changes: empty is allowed here, and the server says why it is needed.
  current_password: z
    .string()
    .max(1024, { error: 'El campo contraseña actual es demasiado largo.' })
    .optional(),
});
export type UpdateProfileInput = z.infer<typeof UpdateProfileInput>;

/** POST /api/user/confirm-email: the token of the link mailed to the new address. */
export const ConfirmEmailInput = z.strictObject({ token: requiredText('token', { max: 200 }) });
export type ConfirmEmailInput = z.infer<typeof ConfirmEmailInput>;

/** How long the link to a new address lasts. */
export const EMAIL_CHANGE_MINUTES = 60;

/** GET /api/user/email-change: the change waiting for its link, or null. */
export interface PendingEmailChange {
  new_email: string;
  created_at: string;
  expires_at: string;
}

/** One signed-in session of mine, as GET /api/user/sessions lists it. */
export interface AccountSession {
  /** A handle for this list and DELETE /api/user/sessions/{id}; not the session's cookie or key. */
  id: string;
  ip_address: string | null;
  /** What the browser said it is; `device` is read from it. */
  user_agent: string | null;
  device: string;
  last_activity: string;
  created_at: string;
  /** The session this request came from ("este dispositivo"). */
  current: boolean;
}

const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*Safari\//, 'Safari'],
  [/\bHeadlessChrome\//, 'Chrome'],
  [/\bcurl\//, 'curl'],
];
const SYSTEMS: [RegExp, string][] = [
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/** "Chrome en Windows", from a user agent; what is not recognised is said plainly. */
export function describeUserAgent(userAgent: string | null | undefined): string {
  if (!userAgent) return 'Dispositivo desconocido';
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} en ${system}`;
  return browser ?? system ?? 'Navegador desconocido';
}
