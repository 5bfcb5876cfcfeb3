import {
  ADMIN_ROLE,
  PERMISSIONS,
  permissionLabel,
  ROLES,
  type RoleInput,
  type RoleRecord,
  type RoleUpdateInput,
  roleIdentifierOf,
} from '@gestor/shared';
import { ValidationError } from '../../lib/http-errors';
import { recordPermissionsChanged } from '../activity/permission-events';
import { defineArea, valueList } from '../resource/area-declaration';
import { spanishOrder, TIMESTAMP_SORTS } from '../resource/resource-definition';

// Roles (docs/http-api.md, §4): name (machine name, unique), label, permissions written and read as names.
// The administrator role keeps its name and every permission, and no role in use is deleted.

export const rolesResource = defineArea<RoleRecord, RoleInput, Omit<RoleUpdateInput, 'updated_at'>>({
  contract: ROLES,
  table: 'roles',
  select: {
    users_count: `(SELECT count(*)::int FROM role_user ru JOIN users u ON u.id = ru.user_id AND u.deleted_at IS NULL
       WHERE ru.role_id = t.id)`,
    permissions_count: null,
  },
  storage: { permissions: valueList('role_permissions', 'role_id', 'permission') },
  read: { permissions_count: (row) => (row.permissions as unknown[]).length },
  // A user's roles read with their label, which is what people see of a role.
  asTarget: {
    shape: (alias) => `json_build_object('id', ${alias}.id, 'name', ${alias}.name, 'label', ${alias}.label)`,
  },
  sortColumns: {
    name: spanishOrder('t.name'),
    label: spanishOrder('t.label'),
    ...TIMESTAMP_SORTS,
  },
  filterConditions: {
    permission: (value) =>
      `EXISTS (SELECT 1 FROM role_permissions rp WHERE rp.role_id = t.id AND rp.permission = ${value})`,
  },
  searchColumn: 't.search_text',
  uniqueConstraints: {
    roles_name_key: { field: 'name', message: 'Ya existe un rol con este identificador.' },
  },

  // Issue 30: a role created by its name alone gets an identifier from it, the first free one of
  // `redaccion`, `redaccion-2`, … (a concurrent create of the same name meets the unique key: 422).
  async prepare({ tx }, input, current) {
    if (current || input.name !== undefined || input.label === undefined) return;
    const base = roleIdentifierOf(input.label);
    const taken = new Set(
      (
        await tx.query<{ name: string }>(`SELECT name FROM roles WHERE name = $1 OR name LIKE $2`, [
          base,
          `${base}-%`,
        ])
      ).map((row) => row.name),
    );
    let candidate = base;
    for (let n = 2; taken.has(candidate); n++) {
      const suffix = `-${n}`;
      candidate = `${base.slice(0, 50 - suffix.length)}${suffix}`;
    }
    input.name = candidate;
  },

  // docs/http-api.md: a person may give a role only permissions they hold; nor take away one they do
  // not hold (the matrix shows those fixed), so a role changes only within the person's own reach.
  async authorize({ tx, actor }, write) {
    if (write.action === 'delete') return;
    const before = new Set(write.action === 'update' ? write.current.permissions : []);
    const after = write.input.permissions ?? [...before];
    const changed = [
      ...after.filter((p) => !before.has(p)),
      ...[...before].filter((p) => !after.includes(p)),
    ];
    const held = new Set(actor.permissions);
    const beyond = changed.filter((permission) => !held.has(permission));
    if (beyond.length) {
      throw ValidationError.field(
        'permissions',
        `Solo puede conceder o retirar permisos que usted tiene: ${beyond.map(permissionLabel).join(', ')}.`,
      );
    }
    if (write.action === 'update' && write.current.name === ADMIN_ROLE) {
      const { input } = write;
      if (input.name !== undefined && input.name !== ADMIN_ROLE) {
        throw ValidationError.field('name', 'El rol de administrador no se puede renombrar.');
      }
      if (input.permissions && input.permissions.length !== PERMISSIONS.length) {
        throw ValidationError.field(
          'permissions',
          'El rol de administrador siempre tiene todos los permisos.',
        );
      }
    }
    // The security log (decision 031): rolled back with the write if it is refused later on.
    if (write.action === 'update') {
      await recordPermissionsChanged(tx, actor, { role: write.current }, write.current.permissions, after);
    }
  },

  async beforeDelete({ tx }, records) {
    // Counted again now that the roles are locked: the count read with them may predate an assignment
    // that committed while the lock was awaited (a user write holds the role until it commits, see
    // checkAssignable), and deleting then would break role_user's foreign key (a 500).
    const assigned = await tx.query<{ role_id: number; users: number }>(
      `SELECT role_id, count(*)::int AS users FROM role_user ru JOIN users u ON u.id = ru.user_id AND u.deleted_at IS NULL
        WHERE role_id = ANY($1::int[]) GROUP BY role_id`,
      [records.map((role) => role.id)],
    );
    for (const role of records) {
      if (role.name === ADMIN_ROLE)
        throw ValidationError.field('ids', 'El rol de administrador no se puede eliminar.');
      const count = assigned.find((row) => row.role_id === role.id)?.users ?? 0;
      if (count > 0) {
        const users = count === 1 ? '1 usuario' : `${count} usuarios`;
        throw ValidationError.field(
          'ids',
          `No se puede eliminar el rol «${role.label}»: está asignado a ${users}.`,
        );
      }
    }
  },

  csv: ['id', 'name', 'label', 'users_count', 'permissions', 'created_at', 'updated_at'],
});
