import { ADMIN_ROLE, isPermission, permissionLabel, ROLES, type RoleRecord } from '@gestor/shared';
import { normalizePermissions } from '../../components/permissions/permission-matrix-state';
import { formOf } from '../../components/resource/form-values';
import { defineResourceScreens } from '../../components/resource/resource-screens';
import { RoleFields } from './components/role-fields';
import type { RoleFormValues } from './roles-form-values';

// Roles on the resource machinery (decision 004): /role, /role/create, /role/:id.

export const roleScreens = defineResourceScreens<RoleRecord, RoleFormValues>({
  contract: ROLES,
  recordName: (role) => role.label,
  searchPlaceholder: 'Nombre o identificador',
  purpose: 'Un rol reúne los permisos de un puesto de trabajo; cada persona recibe los roles que necesita.',
  columns: [
    { field: 'label', card: 'title' },
    { field: 'name', card: 'detail', priority: 2 },
    { field: 'users_count', align: 'right', card: 'detail' },
    { field: 'permissions_count', align: 'right', priority: 2, card: 'detail' },
  ],
  // The server refuses it too (422); hiding the action spares the person the refusal.
  canDelete: (role) => role.name !== ADMIN_ROLE,
  form: {
    ...formOf<typeof ROLES.fields, RoleRecord>(ROLES, {
      // One order for the matrix's lists, so an edit that ends where it began is not a change.
      fromRecord: { permissions: (role) => normalizePermissions(role.permissions) },
    }),
    Fields: RoleFields,
    auditItemLabel: (field, item) =>
      field === 'permissions' && isPermission(item) ? permissionLabel(item) : item,
  },
});
