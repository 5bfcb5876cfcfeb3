import { z } from 'zod';
import { AREA_API_PATHS, PERMISSIONS, type Permission } from './permissions';
import { type ResourceContract, updatedAtField } from './resource';
import { requiredText } from './validation';

export const ROLES: ResourceContract<'name' | 'label' | 'created_at' | 'updated_at', 'permission'> = {
  path: AREA_API_PATHS.role,
  area: 'role',
  label: { one: 'rol', many: 'roles' },
  sortable: ['name', 'label', 'created_at', 'updated_at'],
  defaultSort: 'name',
  filters: {
    permission: z.enum(PERMISSIONS as [Permission, ...Permission[]], { error: 'Permiso desconocido.' }),
  },
};

const permissionList = z
  .array(z.enum(PERMISSIONS as [Permission, ...Permission[]], { error: 'Permiso desconocido.' }), {
    error: 'El campo permisos debe ser una lista.',
  })
  .transform((list) => [...new Set(list)].sort());

const roleFields = {
  name: requiredText('nombre', { max: 50 }).regex(/^[a-z][a-z0-9_-]*$/, {
    error:
      'El nombre solo admite minúsculas sin acentos, números, guiones y guiones bajos, y empieza por una letra.',
  }),
  label: requiredText('etiqueta', { max: 100 }),
  permissions: permissionList,
};

export const RoleInput = z.strictObject({ ...roleFields, permissions: permissionList.default([]) });
export type RoleInput = z.infer<typeof RoleInput>;

export const RoleUpdateInput = z.strictObject({
  name: roleFields.name.optional(),
  label: roleFields.label.optional(),
  permissions: permissionList.optional(),
  updated_at: updatedAtField,
});
export type RoleUpdateInput = z.infer<typeof RoleUpdateInput>;

export interface RoleRecord {
  id: number;
  name: string;
  label: string;
  permissions: Permission[];
  users_count: number;
  permissions_count: number;
  created_at: string;
  updated_at: string;
}
