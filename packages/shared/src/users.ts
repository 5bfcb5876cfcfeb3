import { z } from 'zod';
import type { RoleSummary } from './auth';
import type { Permission } from './permissions';
import { AREA_API_PATHS } from './permissions';
import { booleanFilter, type ResourceContract, updatedAtField } from './resource';
import { booleanField, emailField, passwordField, requiredText } from './validation';

export const USERS: ResourceContract<
  'name' | 'email' | 'active' | 'last_login_at' | 'created_at' | 'updated_at',
  'role' | 'active'
> = {
  path: AREA_API_PATHS.user,
  area: 'user',
  label: { one: 'usuario', many: 'usuarios' },
  sortable: ['name', 'email', 'active', 'last_login_at', 'created_at', 'updated_at'],
  defaultSort: 'name',
  filters: {
    role: z.string().trim().min(1, { error: 'Indique un rol.' }).max(50),
    active: booleanFilter,
  },
};

const roleNames = z
  .array(requiredText('rol', { max: 50 }), { error: 'El campo roles debe ser una lista.' })
  .min(1, { error: 'Asigne al menos un rol.' })
  .transform((list) => [...new Set(list)]);

const userFields = {
  name: requiredText('nombre'),
  email: emailField(),
  roles: roleNames,
  active: booleanField('activo'),
  password: passwordField(),
};

export const UserInput = z
  .strictObject({
    ...userFields,
    active: userFields.active.default(true),
    password: userFields.password.optional(),
    send_invitation: booleanField('enviar invitación').default(false),
  })
  .superRefine((user, ctx) => {
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
  });
export type UserInput = z.infer<typeof UserInput>;

export const UserUpdateInput = z.strictObject({
  name: userFields.name.optional(),
  email: userFields.email.optional(),
  roles: roleNames.optional(),
  active: userFields.active.optional(),
  password: userFields.password.optional(),
  updated_at: updatedAtField,
});
export type UserUpdateInput = z.infer<typeof UserUpdateInput>;

export interface UserRecord {
  id: number;
  name: string;
  email: string;
  email_verified_at: string | null;
  active: boolean;
  last_login_at: string | null;
  roles: RoleSummary[];
  /** Every permission the user holds through its roles, sorted: who may manage them (DESIGN.md §3). */
  permissions: Permission[];
  created_at: string;
  updated_at: string;
}
