import { z } from 'zod';
import { typedPasswordField } from './validation';

// Two-factor sign-in (issue 21, decision 035): Fortify's routes and bodies under the /api prefix.
// Codes are RFC 6238 TOTP (SHA-1, 6 digits, 30-second steps), what every authenticator app reads
// from an otpauth:// address.

/** How many recovery codes are issued at once (Fortify: eight; the issue asks for ten). */
export const RECOVERY_CODE_COUNT = 10;
/** Laravel's auth.password_timeout: a confirmed password opens the 2FA settings for three hours. */
export const PASSWORD_CONFIRMATION_SECONDS = 3 * 60 * 60;
/** How long a sign-in waits for its second factor after the password was right. */
export const TWO_FACTOR_LOGIN_MINUTES = 5;

/** POST /api/user/confirm-password: Fortify's ConfirmablePasswordController. */
export const ConfirmPasswordInput = z.strictObject({ password: typedPasswordField() });
export type ConfirmPasswordInput = z.infer<typeof ConfirmPasswordInput>;

/** Six digits; spaces an app shows between groups are forgiven. */
const totpCode = z
  .string({ error: 'El campo código es obligatorio.' })
  .max(20, { error: 'El código de verificación no es válido.' })
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(
    z
      .string()
      .min(1, { error: 'El campo código es obligatorio.' })
      .regex(/^\d{6}$/, { error: 'El código de verificación tiene seis cifras.' }),
  );

/** POST /api/user/confirmed-two-factor-authentication: the first code, which proves the app has the secret. */
export const ConfirmTwoFactorInput = z.strictObject({ code: totpCode });
export type ConfirmTwoFactorInput = z.infer<typeof ConfirmTwoFactorInput>;

/** POST /api/two-factor-challenge: a code from the app, or one of the recovery codes. */
export const TwoFactorChallengeInput = z
  .strictObject({
    code: totpCode.optional(),
    recovery_code: z
      .string({ error: 'El código de recuperación no es válido.' })
      .max(100, { error: 'El código de recuperación no es válido.' })
      .transform((value) => value.trim())
      .optional(),
  })
  .superRefine((input, ctx) => {
    if (!input.code && !input.recovery_code) {
      ctx.addIssue({
        code: 'custom',
        path: ['code'],
        message: 'Escriba el código de verificación o un código de recuperación.',
      });
    }
  });
export type TwoFactorChallengeInput = z.infer<typeof TwoFactorChallengeInput>;

/** GET /api/user/two-factor-qr-code (Fortify's shape). */
export interface TwoFactorQrCode {
  svg: string;
  url: string;
}

/** "ABCD EFGH …": a secret as people copy it, in groups of four. */
export function groupSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}
