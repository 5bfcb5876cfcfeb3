import {
  ADMIN_ROLE,
  PERMISSIONS,
  type Permission,
  permissionLabel,
  ROLES,
  type RoleInput,
  RoleInput as RoleInputSchema,
  type RoleRecord,
  type RoleUpdateInput,
  RoleUpdateInput as RoleUpdateSchema,
} from '@gestor/shared';
import type { Connection } from '../../db/client';
import { ValidationError } from '../../lib/http-errors';
import { csvDate } from '../resource/csv';
import { defineResource, spanishOrder, TIMESTAMP_SORTS, timestamps } from '../resource/resource-definition';

// Roles (DESIGN.md §3, §4): name (machine name, unique), label, permissions written and read as names.

async function writePermissions(tx: Connection, roleId: number, permissions: Permission[]) {
  await tx.query('DELETE FROM role_permissions WHERE role_id = $1', [roleId]);
  if (permissions.length) {
    await tx.query('INSERT INTO role_permissions (role_id, permission) SELECT $1, unnest($2::text[])', [
      roleId,
      permissions,
    ]);
  }
}

export const rolesResource = defineResource<RoleRecord, RoleInput, Omit<RoleUpdateInput, 'updated_at'>>({
  contract: ROLES,
  table: 'roles',
  columns: `t.id, t.name, t.label, t.created_at, t.updated_at,
    (SELECT count(*)::int FROM role_user ru WHERE ru.role_id = t.id) AS users_count,
    (SELECT coalesce(array_agg(rp.permission ORDER BY rp.permission), '{}') FROM role_permissions rp WHERE rp.role_id = t.id) AS permissions`,
  toRecord: (row) => {
    const permissions = row.permissions as Permission[];
    return {
      id: row.id as number,
      name: row.name as string,
      label: row.label as string,
      permissions,
      users_count: row.users_count as number,
      permissions_count: permissions.length,
      ...timestamps(row),
    };
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
  uniqueConstraints: { roles_name_key: { field: 'name', message: 'Ya existe un rol con este nombre.' } },
  createInput: RoleInputSchema,
  updateInput: RoleUpdateSchema,

  // DESIGN.md §3: a person may give a role only permissions they hold; nor take away one they do
  // not hold (the matrix shows those fixed), so a role changes only within the person's own reach.
  async authorize({ actor }, write) {
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
  },

  async create({ tx }, input) {
    const [row] = await tx.query<{ id: number }>(
      'INSERT INTO roles (name, label) VALUES ($1, $2) RETURNING id',
      [input.name, input.label],
    );
    await writePermissions(tx, row!.id, input.permissions);
    return row!.id;
  },

  async update({ tx }, current, input) {
    if (current.name === ADMIN_ROLE) {
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
    await tx.query('UPDATE roles SET name = coalesce($2, name), label = coalesce($3, label) WHERE id = $1', [
      current.id,
      input.name ?? null,
      input.label ?? null,
    ]);
    if (input.permissions) await writePermissions(tx, current.id, input.permissions);
  },

  async beforeDelete({ tx }, records) {
    // Counted again now that the roles are locked: the count read with them may predate an assignment
    // that committed while the lock was awaited (a user write holds the role until it commits, see
    // checkAssignable), and deleting then would break role_user's foreign key (a 500).
    const assigned = await tx.query<{ role_id: number; users: number }>(
      'SELECT role_id, count(*)::int AS users FROM role_user WHERE role_id = ANY($1::int[]) GROUP BY role_id',
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

  auditSnapshot: (role) => ({ name: role.name, label: role.label, permissions: role.permissions }),

  csv: [
    { header: 'ID', value: (r) => r.id },
    { header: 'Nombre', value: (r) => r.name },
    { header: 'Etiqueta', value: (r) => r.label },
    { header: 'Usuarios', value: (r) => r.users_count },
    { header: 'Permisos', value: (r) => r.permissions.join(', ') },
    { header: 'Creado', value: (r) => csvDate(r.created_at) },
    { header: 'Modificado', value: (r) => csvDate(r.updated_at) },
  ],
});
