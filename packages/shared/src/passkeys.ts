import { z } from 'zod';
import { booleanField, requiredText, typedPasswordField } from './validation';

// Passkeys (issue 21, decision 036): WebAuthn credentials a person adds in "Mi cuenta" and signs in
// with, no password asked ("Acceder con llave de acceso"). The browser's answers travel as the
// WebAuthn JSON encoding (base64url fields); the server checks them with its WebAuthn library, so
// here only their outer shape and size are bounded.

/** How many passkeys one person may keep. */
export const PASSKEYS_PER_USER = 20;

const base64url = (label: string, max: number) =>
  z
    .string({ error: `La respuesta de la llave de acceso no es válida (${label}).` })
    .max(max, { error: `La respuesta de la llave de acceso no es válida (${label}).` })
    .regex(/^[A-Za-z0-9_-]*$/, { error: `La respuesta de la llave de acceso no es válida (${label}).` });

/** A PublicKeyCredential as the browser's WebAuthn JSON: checked in depth by the server's library. */
const webauthnCredential = z.looseObject(
  {
    id: base64url('id', 1400).min(1, { error: 'La respuesta de la llave de acceso no es válida (id).' }),
    rawId: base64url('rawId', 1400),
    type: z.literal('public-key', { error: 'La respuesta de la llave de acceso no es válida (type).' }),
    response: z.looseObject(
      { clientDataJSON: base64url('clientDataJSON', 8192) },
      { error: 'La respuesta de la llave de acceso no es válida (response).' },
    ),
  },
  { error: 'Falta la respuesta de la llave de acceso.' },
);

const passkeyName = requiredText('nombre', { max: 100 });

/** POST /api/user/passkeys/options: adding a passkey asks for the password first. */
export const PasskeyOptionsInput = z.strictObject({
  current_password: typedPasswordField('contraseña actual'),
});
export type PasskeyOptionsInput = z.infer<typeof PasskeyOptionsInput>;

/** POST /api/user/passkeys: the browser's answer to the options, and the name the person gave it. */
export const CreatePasskeyInput = z.strictObject({ name: passkeyName, credential: webauthnCredential });
export type CreatePasskeyInput = z.infer<typeof CreatePasskeyInput>;

/** PATCH /api/user/passkeys/{id}. */
export const RenamePasskeyInput = z.strictObject({ name: passkeyName });
export type RenamePasskeyInput = z.infer<typeof RenamePasskeyInput>;

/** POST /api/passkeys/login: the browser's answer to the sign-in options. */
export const PasskeyLoginInput = z.strictObject({
  credential: webauthnCredential,
  remember: booleanField('recordarme').optional(),
});
export type PasskeyLoginInput = z.infer<typeof PasskeyLoginInput>;

/** POST /api/two-factor-challenge/passkey: a passkey's answer as the second step of a password sign-in. */
export const PasskeyChallengeInput = z.strictObject({ credential: webauthnCredential });
export type PasskeyChallengeInput = z.infer<typeof PasskeyChallengeInput>;

/** One of my passkeys, as GET /api/user/passkeys lists it. */
export interface Passkey {
  id: number;
  name: string;
  created_at: string;
  last_used_at: string | null;
  /** Synced by its provider to the person's other devices (a "multi-device" credential). */
  backed_up: boolean;
}
