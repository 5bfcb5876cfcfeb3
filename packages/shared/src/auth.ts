import { z } from 'zod';
import type { Permission } from './permissions';
import type { USER_COOKIE_EXCLUDED } from './user-cookie';
import {
  booleanField,
  emailField,
  nulCheck,
  passwordField,
  requiredText,
  typedPasswordField,
} from './validation';

// docs/http-api.md#sign-in-lifecycle: the bodies both sides agree on.

export const LoginInput = z.strictObject({
  email: emailField(),
  password: typedPasswordField(),
  remember: booleanField('recordarme').optional().default(false),
});
export type LoginInput = z.infer<typeof LoginInput>;

/** A new password typed twice (the reset, the sign-up and "Mi cuenta" alike). */
export const newPassword = {
  password: passwordField(),
  password_confirmation: z
    .string({ error: 'El campo confirmación de contraseña es obligatorio.' })
    .refine(...nulCheck('confirmación de contraseña')),
};
// Laravel's `confirmed` rule: the message belongs to the password field.
export const confirmed = (data: { password: string; password_confirmation: string }) =>
  data.password === data.password_confirmation;
export const notConfirmed = { path: ['password'], error: 'La confirmación de la contraseña no coincide.' };

export const RegisterInput = z
  .strictObject({ name: requiredText('nombre'), email: emailField(), ...newPassword })
  .refine(confirmed, notConfirmed);
export type RegisterInput = z.infer<typeof RegisterInput>;

export const ForgotPasswordInput = z.strictObject({ email: emailField() });
export type ForgotPasswordInput = z.infer<typeof ForgotPasswordInput>;

export const ResetPasswordInput = z
  .strictObject({ token: requiredText('token', { max: 200 }), email: emailField(), ...newPassword })
  .refine(confirmed, notConfirmed);
export type ResetPasswordInput = z.infer<typeof ResetPasswordInput>;

/** GET /api/reset-password/{token}?email=…: the link's parts, checked before the person types. */
export const ResetLinkQuery = z.strictObject({
  token: requiredText('token', { max: 200 }),
  email: emailField(),
});
export type ResetLinkQuery = z.infer<typeof ResetLinkQuery>;

/** A reset link answers a «Olvidé mi contraseña»; an invitation welcomes a new user (issue 16). */
export const RESET_LINK_KINDS = ['reset', 'invitation'] as const;
export type ResetLinkKind = (typeof RESET_LINK_KINDS)[number];

/** What GET /api/reset-password/{token} returns in `data`. */
export interface ResetLinkInfo {
  kind: ResetLinkKind;
  name: string;
}

export interface RoleSummary {
  id: number;
  name: string;
  label: string;
}

/** What GET /api/user returns in `data`. */
export interface AuthUser {
  id: number;
  name: string;
  email: string;
  email_verified_at: string | null;
  created_at: string;
  updated_at: string;
  roles: RoleSummary[];
  role: string | null;
  roleName: string | null;
  permissions: Permission[];
  /** Two-factor sign-in is confirmed on the account (decision 035). */
  two_factor_enabled: boolean;
  /** One of the person's roles requires it: without it, only its set-up is reachable. */
  two_factor_required: boolean;
}

export type PersistedUser = Omit<AuthUser, (typeof USER_COOKIE_EXCLUDED)[number]>;
