import { USERS, type UserRecord } from '@gestor/shared';
import { Tag } from 'primereact/tag';
import { useRecordOptions } from '../../components/options/use-record-options';
import { formOf } from '../../components/resource/form-values';
import { formatBoolean, formatDateTime } from '../../components/resource/format';
import { defineResourceScreens, type ListFilter } from '../../components/resource/resource-screens';
import { getUser } from '../../lib/auth';
import { mayManageNow } from '../../lib/permissions';
import { RoleTags } from './components/role-tags';
import { UserActions } from './components/user-actions';
import { UserApiTokens } from './components/user-api-tokens';
import { USER_ROLES, UserFields } from './components/user-fields';
import type { UserFormValues } from './users-form-values';

// Users on the resource machinery (decision 004): /user, /user/create, /user/:id.

const ACTIVE_FILTER: ListFilter = {
  name: 'active',
  label: 'Estado',
  options: [
    { label: 'Activos', value: 'true' },
    { label: 'Inactivos', value: 'false' },
  ],
};

/** The role filter needs GET /api/roles, so only people with role.view get it. */
function useUserFilters(): ListFilter[] {
  const roles = useRecordOptions(USER_ROLES);
  return roles.allowed
    ? [{ name: 'role', label: 'Rol', options: roles.options }, ACTIVE_FILTER]
    : [ACTIVE_FILTER];
}

export const userScreens = defineResourceScreens<UserRecord, UserFormValues>({
  contract: USERS,
  searchPlaceholder: 'Nombre o correo electrónico',
  purpose: 'Aquí se dan de alta las personas que entran en Gestor y se les asignan sus roles.',
  columns: [
    { field: 'name', card: 'title' },
    { field: 'email', card: 'detail' },
    {
      field: 'roles',
      priority: 2,
      card: 'detail',
      body: (user) => <RoleTags roles={user.roles} />,
    },
    {
      field: 'active',
      card: 'status',
      body: (user) => (
        <Tag value={formatBoolean(user.active)} severity={user.active ? 'success' : 'secondary'} />
      ),
    },
    {
      field: 'last_login_at',
      card: 'date',
      body: (user) => formatDateTime(user.last_login_at),
    },
  ],
  useFilters: useUserFilters,
  // Nobody deletes their own account (the server says so too).
  canDelete: (user) => user.id !== getUser()?.id,
  // docs/http-api.md: only users whose every permission the person holds (else the server answers 403).
  canManage: (user) => mayManageNow(user.permissions),
  unmanageableNotice:
    'No puede modificar este usuario: tiene permisos que usted no tiene. Se muestra solo para consulta.',
  form: {
    // Decision 018: the form follows the field table — roles by name, and only with role.view (else
    // the form never saw them: they stay as they are); the password only when typed; the invitation
    // only on create.
    ...formOf<typeof USERS.fields, UserRecord>(USERS),
    Fields: UserFields,
    Actions: UserActions,
    // Their API tokens, seen and revoked here (decision 037).
    Related: UserApiTokens,
  },
});
