import { z } from 'zod';
import { createInputOf, field, type RecordOf, readOnly, reads, updateInputOf } from './fields';
import { PERMISSION_REQUIRES, PERMISSIONS, type Permission, permissionLabel } from './permissions';
import { areaContract, type ResourceContract } from './resource';
import { booleanField, requiredText } from './validation';

const permissionList = z
  .array(z.enum(PERMISSIONS as [Permission, ...Permission[]], { error: 'Permiso desconocido.' }), {
    error: 'El campo permisos debe ser una lista.',
  })
  .transform((list) => [...new Set(list)].sort())
  // One permission useless without another: said, not added behind the person's back.
  .superRefine((list, ctx) => {
    for (const name of list) {
      const needed = PERMISSION_REQUIRES[name];
      if (needed && !list.includes(needed)) {
        ctx.addIssue({
          code: 'custom',
          message: `«${permissionLabel(name)}» necesita también «${permissionLabel(needed)}».`,
        });
      }
    }
  });

/** The most characters of a role's identifier. */
const IDENTIFIER_MAX = 50;

/**
 * The identifier a role's name gives (issue 30: people type the name they read, «Redacción»; the
 * API, the CLI and the seeds use the identifier, `redaccion`): lower case, accents dropped, anything
 * else a hyphen, starting with a letter.
 */
export function roleIdentifierOf(label: string): string {
  const words = label
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  const identifier = /^[a-z]/.test(words) ? words : `rol-${words}`;
  return identifier.slice(0, IDENTIFIER_MAX).replace(/-+$/, '');
}

const roleFields = {
  // Shown first and called "Nombre": what people read and type (issue 30).
  label: field(requiredText('nombre', { max: 100 }), { label: 'Nombre' }),
  /** Derived from the name when left out (roleIdentifierOf); seeded roles: admin, editor, lector. */
  name: field(
    requiredText('identificador', { max: IDENTIFIER_MAX }).regex(/^[a-z][a-z0-9_-]*$/, {
      error:
        'El identificador solo admite minúsculas sin acentos, números, guiones y guiones bajos, y empieza por una letra.',
    }),
    { label: 'Identificador', optional: true },
  ),
  permissions: field(permissionList, { label: 'Permisos', default: [] }),
  // Decision 035: the holders must set up two-factor sign-in before reaching anything else.
  requires_two_factor: field(booleanField('exigir verificación en dos pasos'), {
    label: 'Exigir verificación en dos pasos',
    default: false,
  }),
  users_count: readOnly(reads<number>(), { label: 'Usuarios' }),
  permissions_count: readOnly(reads<number>(), { label: 'Permisos' }),
};

export const ROLES: ResourceContract<
  'name' | 'label' | 'created_at' | 'updated_at',
  'permission',
  typeof roleFields
> = areaContract({
  area: 'role',
  sortable: ['name', 'label', 'created_at', 'updated_at'],
  defaultSort: 'name',
  filters: {
    permission: z.enum(PERMISSIONS as [Permission, ...Permission[]], { error: 'Permiso desconocido.' }),
  },
  fields: roleFields,
});

export const RoleInput = createInputOf(ROLES);
export type RoleInput = z.infer<typeof RoleInput>;
export const RoleUpdateInput = updateInputOf(ROLES);
export type RoleUpdateInput = z.infer<typeof RoleUpdateInput>;
export type RoleRecord = RecordOf<typeof ROLES.fields>;
