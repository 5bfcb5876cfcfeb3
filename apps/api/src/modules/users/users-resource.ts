import {
  ADMIN_ROLE,
  type AuthUser,
  mayManage,
  type Permission,
  type RoleSummary,
  USERS,
  type UserInput,
  UserInput as UserInputSchema,
  type UserRecord,
  type UserUpdateInput,
  UserUpdateInput as UserUpdateSchema,
} from '@gestor/shared';
import type { Connection } from '../../db/client';
import { forbidden, ValidationError } from '../../lib/http-errors';
import { hashPassword } from '../../lib/passwords';
import type { AuthService } from '../auth/auth-service';
import { csvDate } from '../resource/csv';
import { defineResource, spanishOrder, TIMESTAMP_SORTS, timestamps } from '../resource/resource-definition';

// Users (DESIGN.md §4): email unique regardless of case, roles written as names and read as objects,
// created with a password or an invitation mail. Nobody disables or deletes themselves, and the system
// always keeps an active administrator.

const quoted = (names: string[]) => names.map((name) => `«${name}»`).join(', ');

/**
 * The roles named, which must exist and hold only permissions the actor holds (DESIGN.md §3: a
 * person may assign a user only roles whose permissions they all hold).
 */
async function checkAssignable(tx: Connection, actor: AuthUser, names: string[]) {
  // The roles are held (KEY SHARE) until this write commits: a role being deleted meanwhile is waited
  // for and then reads as missing (a 422), and a delete that comes later sees the assignment.
  await tx.query('SELECT id FROM roles WHERE name = ANY($1::text[]) FOR KEY SHARE', [names]);
  const found = await tx.query<{ name: string; permissions: Permission[] }>(
    `SELECT r.name, coalesce(array_agg(rp.permission) FILTER (WHERE rp.permission IS NOT NULL), '{}') AS permissions
       FROM roles r LEFT JOIN role_permissions rp ON rp.role_id = r.id
      WHERE r.name = ANY($1::text[]) GROUP BY r.name`,
    [names],
  );
  const missing = names.filter((name) => !found.some((role) => role.name === name));
  if (missing.length) {
    throw ValidationError.field(
      'roles',
      missing.length === 1 ? `El rol «${missing[0]}» no existe.` : `Los roles ${quoted(missing)} no existen.`,
    );
  }
  const held = new Set(actor.permissions);
  const beyond = found.filter((role) => role.permissions.some((p) => !held.has(p))).map((r) => r.name);
  if (beyond.length) {
    throw ValidationError.field(
      'roles',
      beyond.length === 1
        ? `No puede asignar el rol «${beyond[0]}»: tiene permisos que usted no tiene.`
        : `No puede asignar los roles ${quoted(beyond)}: tienen permisos que usted no tiene.`,
    );
  }
}

async function writeRoles(tx: Connection, userId: number, names: string[]) {
  await tx.query('DELETE FROM role_user WHERE user_id = $1', [userId]);
  await tx.query(
    `INSERT INTO role_user (user_id, role_id, position)
     SELECT $1, r.id, array_position($2::text[], r.name) FROM roles r WHERE r.name = ANY($2::text[])`,
    [userId, names],
  );
}

export function usersResource({ auth }: { auth: AuthService }) {
  return defineResource<UserRecord, UserInput, Omit<UserUpdateInput, 'updated_at'>>({
    contract: USERS,
    table: 'users',
    columns: `t.id, t.name, t.email, t.email_verified_at, t.active, t.last_login_at, t.created_at, t.updated_at,
      (SELECT coalesce(json_agg(json_build_object('id', r.id, 'name', r.name, 'label', r.label) ORDER BY ru.position, r.id), '[]'::json)
         FROM role_user ru JOIN roles r ON r.id = ru.role_id WHERE ru.user_id = t.id) AS roles,
      (SELECT coalesce(array_agg(DISTINCT rp.permission ORDER BY rp.permission), '{}')
         FROM role_user ru JOIN role_permissions rp ON rp.role_id = ru.role_id WHERE ru.user_id = t.id) AS permissions`,
    toRecord: (row) => ({
      id: row.id as number,
      name: row.name as string,
      email: row.email as string,
      email_verified_at: row.email_verified_at ? (row.email_verified_at as Date).toISOString() : null,
      active: row.active as boolean,
      last_login_at: row.last_login_at ? (row.last_login_at as Date).toISOString() : null,
      roles: row.roles as RoleSummary[],
      permissions: row.permissions as Permission[],
      ...timestamps(row),
    }),
    sortColumns: {
      name: spanishOrder('t.name'),
      email: spanishOrder('t.email'),
      active: 't.active',
      last_login_at: 't.last_login_at',
      ...TIMESTAMP_SORTS,
    },
    filterConditions: {
      role: (value) =>
        `EXISTS (SELECT 1 FROM role_user ru JOIN roles r ON r.id = ru.role_id WHERE ru.user_id = t.id AND r.name = ${value})`,
      active: (value) => `t.active = ${value}`,
    },
    searchColumn: 't.search_text',
    uniqueConstraints: {
      users_email_lower_unique: {
        field: 'email',
        message: 'Ya existe un usuario con este correo electrónico.',
      },
    },
    // "An active administrator always remains" spans users: two administrators removing their own
    // role at the same moment must not both succeed, so user writes run one at a time.
    serializeWrites: true,
    createInput: UserInputSchema,
    updateInput: UserUpdateSchema,
    secretFields: ['password'],

    async authorize({ tx, actor }, write) {
      if (write.action === 'create') return checkAssignable(tx, actor, write.input.roles);
      const targets = write.action === 'update' ? [write.current] : write.records;
      if (!targets.every((user) => mayManage(actor.permissions, user.permissions))) throw forbidden();
      if (write.action === 'update' && write.input.roles) await checkAssignable(tx, actor, write.input.roles);
    },

    // argon2 costs tens of milliseconds by design: hashed before the transaction, which holds the
    // users' write lock (and PGlite's one connection). From here on `password` is the hash.
    async beforeTransaction(input) {
      if (input.password) input.password = await hashPassword(input.password);
    },

    async create({ tx, afterCommit }, input) {
      const [row] = await tx.query<{ id: number }>(
        'INSERT INTO users (name, email, password, active) VALUES ($1, $2, $3, $4) RETURNING id',
        [input.name, input.email, input.password || null, input.active],
      );
      await writeRoles(tx, row!.id, input.roles);
      if (input.send_invitation) {
        afterCommit(async () => {
          await auth.sendResetLink({ name: input.name, email: input.email }, 'invitation');
        });
      }
      return row!.id;
    },

    async update({ tx, actor }, current, input) {
      if (current.id === actor.id && input.active === false) {
        throw ValidationError.field('active', 'No puede desactivar su propia cuenta.');
      }
      await tx.query(
        `UPDATE users SET name = coalesce($2, name), email = coalesce($3, email), active = coalesce($4, active),
                password = coalesce($5, password) WHERE id = $1`,
        [current.id, input.name ?? null, input.email ?? null, input.active ?? null, input.password || null],
      );
      if (input.roles) await writeRoles(tx, current.id, input.roles);
      // Disabling a user ends its sessions (DESIGN.md §3).
      if (input.active === false && current.active) {
        await tx.query('DELETE FROM sessions WHERE user_id = $1', [current.id]);
      }
    },

    async beforeDelete({ actor }, records) {
      if (records.some((user) => user.id === actor.id)) {
        throw ValidationError.field('ids', 'No puede eliminar su propia cuenta.');
      }
    },

    async afterWrite({ tx }, action) {
      // Creating a user never removes an administrator; updates and deletes may.
      if (action === 'created') return;
      const [row] = await tx.query<{ admins: number }>(
        `SELECT count(*)::int AS admins FROM users u
           JOIN role_user ru ON ru.user_id = u.id JOIN roles r ON r.id = ru.role_id
          WHERE r.name = $1 AND u.active`,
        [ADMIN_ROLE],
      );
      if ((row?.admins ?? 0) === 0) {
        throw ValidationError.field(
          action === 'deleted' ? 'ids' : 'roles',
          'Debe quedar al menos un administrador activo.',
        );
      }
    },

    auditSnapshot: (user) => ({
      name: user.name,
      email: user.email,
      active: user.active,
      roles: user.roles.map((role) => role.name),
    }),

    csv: [
      { header: 'ID', value: (u) => u.id },
      { header: 'Nombre', value: (u) => u.name },
      { header: 'Correo electrónico', value: (u) => u.email },
      { header: 'Roles', value: (u) => u.roles.map((r) => r.label).join(', ') },
      { header: 'Activo', value: (u) => u.active },
      { header: 'Último acceso', value: (u) => csvDate(u.last_login_at) },
      { header: 'Creado', value: (u) => csvDate(u.created_at) },
    ],

    routes(app, service) {
      // "Send a password reset link" from the user's screen: the same one-time token as forgot-password.
      app.post(
        '/api/users/:id/password-reset',
        { config: { permission: 'user.update' } },
        async (request) => {
          const user = await service.show(service.parseId((request.params as { id: string }).id));
          if (!mayManage(request.authUser().permissions, user.permissions)) throw forbidden();
          if (!user.active)
            throw ValidationError.field(
              'email',
              'El usuario está desactivado: actívelo antes de enviarle un enlace.',
            );
          if (!(await auth.sendResetLink(user))) {
            throw ValidationError.field(
              'email',
              'Ya se envió un enlace a este usuario hace menos de un minuto.',
            );
          }
          return { status: `Se ha enviado a ${user.email} un enlace para restablecer la contraseña.` };
        },
      );
    },
  });
}
