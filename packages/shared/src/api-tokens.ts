import { z } from 'zod';
import { instantField } from './content';
import { isPermission, type Permission, permissionLabel } from './permissions';
import { requiredText } from './validation';

// API tokens (issue 21, decision 037): Laravel Sanctum's personal access tokens. A token is
// `<id>|<40 random characters>`, shown once; the table keeps the SHA-256 of the random part. Its
// abilities are permission names, a subset of its owner's; a request with it may do only what both
// the abilities and the owner's current permissions allow.

/** How many tokens one person may hold at once (revoked ones do not count). */
export const API_TOKENS_PER_USER = 50;
/** The random part of a token, as Sanctum's Str::random(40). */
export const API_TOKEN_RANDOM_LENGTH = 40;

const abilitiesField = z
  .array(
    z.string({ error: 'Cada permiso del token debe ser un texto.' }).refine(isPermission, {
      error: (issue) => `El permiso «${String(issue.input).slice(0, 60)}» no existe.`,
    }),
    { error: 'El campo permisos debe ser una lista.' },
  )
  .max(200, { error: 'El campo permisos tiene demasiados elementos.' })
  .transform((names) => [...new Set(names)].sort() as Permission[]);

/** POST /api/user/tokens: Sanctum's createToken(name, abilities, expiresAt). */
export const CreateApiTokenInput = z.strictObject({
  name: requiredText('nombre', { max: 100 }),
  abilities: abilitiesField.default([]),
  // Optional: a token without one lasts until it is revoked. Must be in the future (checked by the
  // server against its own clock).
  expires_at: instantField('caducidad').optional(),
});
export type CreateApiTokenInput = z.input<typeof CreateApiTokenInput>;

/** Permissions among `abilities` that `held` lacks, in Spanish ("Usuarios: Editar"), for the 422. */
export function abilitiesBeyond(abilities: readonly Permission[], held: readonly Permission[]): string[] {
  const own = new Set(held);
  return abilities.filter((ability) => !own.has(ability)).map(permissionLabel);
}

/** One token as lists show it (never its secret). */
export interface ApiToken {
  id: number;
  name: string;
  abilities: Permission[];
  last_used_at: string | null;
  expires_at: string | null;
  created_at: string;
}

/** POST /api/user/tokens → 201 {data}: the only answer that carries `token`. */
export interface NewApiToken {
  id: number;
  name: string;
  abilities: Permission[];
  expires_at: string | null;
  token: string;
}

/** What the API says about tokens, in Spanish. */
export const API_TOKEN_MESSAGES = {
  sessionOnly:
    'Esta acción solo puede hacerse desde una sesión iniciada en el navegador, no con un token de API.',
  tooMany: `Ha alcanzado el máximo de ${API_TOKENS_PER_USER} tokens. Revoque alguno antes de crear otro.`,
  expiresInPast: 'La fecha de caducidad debe ser posterior a ahora.',
  abilitiesBeyond: (labels: string[]) =>
    labels.length === 1
      ? `No puede dar al token un permiso que usted no tiene: ${labels[0]}.`
      : `No puede dar al token permisos que usted no tiene: ${labels.join(', ')}.`,
  mayNotManage: 'No puede revocar los tokens de un usuario con permisos que usted no tiene.',
} as const;
