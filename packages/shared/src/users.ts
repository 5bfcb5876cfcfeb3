import { z } from 'zod';
import type { RoleSummary } from './auth';
import { createInputOf, field, type RecordOf, readOnly, reads, updateInputOf } from './fields';
import type { Permission } from './permissions';
import { areaContract, booleanFilter, type ResourceContract } from './resource';
import { booleanField, emailField, passwordField, requiredText } from './validation';

const roleNames = z
  .array(requiredText('rol', { max: 50 }), { error: 'El campo roles debe ser una lista.' })
  .min(1, { error: 'Asigne al menos un rol.' })
  .transform((list) => [...new Set(list)]);

const userFields = {
  name: field(requiredText('nombre'), { label: 'Nombre' }),
  email: field(emailField(), { label: 'Correo electrónico' }),
  email_verified_at: readOnly(reads<string | null>(), { label: 'Correo verificado', instant: true }),
  active: field(booleanField('activo'), { label: 'Activo', default: true }),
  last_login_at: readOnly(reads<string | null>(), { label: 'Último acceso', instant: true }),
  roles: field(roleNames, {
    label: 'Roles',
    ref: { area: 'role', by: 'name', many: true, ordered: true },
    read: reads<RoleSummary[]>(),
  }),
  /** Every permission the user holds through its roles, sorted: who may manage them (docs/http-api.md). */
  permissions: readOnly(reads<Permission[]>(), { label: 'Permisos' }),
  /** Two-factor sign-in confirmed (decision 035): an administrator may reset it. */
  two_factor_enabled: readOnly(reads<boolean>(), { label: 'Verificación en dos pasos' }),
  password: field(passwordField(), { label: 'Contraseña', optional: true, secret: true }),
  send_invitation: field(booleanField('enviar invitación'), {
    label: 'Enviar invitación',
    default: false,
    createOnly: true,
  }),
};

/** A new account gets a password now, or an invitation to choose one: exactly one of the two. */
function passwordOrInvitation(user: { password?: string; send_invitation?: boolean }, ctx: z.RefinementCtx) {
  if (!user.password && !user.send_invitation) {
    ctx.addIssue({
      code: 'custom',
      path: ['password'],
      message: 'Indique una contraseña o marque «Enviar invitación».',
    });
  }
  if (user.password && user.send_invitation) {
    ctx.addIssue({
      code: 'custom',
      path: ['password'],
      message: 'No indique contraseña si envía una invitación: la persona la elegirá.',
    });
  }
}

export const USERS: ResourceContract<
  'name' | 'email' | 'active' | 'last_login_at' | 'created_at' | 'updated_at',
  'role' | 'active',
  typeof userFields
> = areaContract({
  area: 'user',
  sortable: ['name', 'email', 'active', 'last_login_at', 'created_at', 'updated_at'],
  defaultSort: 'name',
  filters: {
    role: z.string().trim().min(1, { error: 'Indique un rol.' }).max(50),
    active: booleanFilter,
  },
  fields: userFields,
  createRule: passwordOrInvitation,
});

export const UserInput = createInputOf(USERS);
export type UserInput = z.infer<typeof UserInput>;
export const UserUpdateInput = updateInputOf(USERS);
export type UserUpdateInput = z.infer<typeof UserUpdateInput>;
export type UserRecord = RecordOf<typeof USERS.fields>;
