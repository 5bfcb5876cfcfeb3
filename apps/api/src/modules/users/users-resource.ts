import {
  ADMIN_ROLE,
  type AuthUser,
  mayManage,
  type Permission,
  type ResetLinkKind,
  USERS,
  type UserInput,
  type UserRecord,
  type UserUpdateInput,
} from '@gestor/shared';
import type { Connection } from '../../db/client';
import { forbidden, ValidationError } from '../../lib/http-errors';
import { hashPassword } from '../../lib/passwords';
import { recordPermissionsChanged } from '../activity/permission-events';
import { defineArea, joinTable } from '../resource/area-declaration';
import { spanishOrder, TIMESTAMP_SORTS } from '../resource/resource-definition';

// Users (docs/areas.md): email unique regardless of case, roles written as names and read as objects,
// created with a password or an invitation mail. Nobody disables or deletes themselves, and the system
// always keeps an active administrator.

const quoted = (names: string[]) => names.map((name) => `«${name}»`).join(', ');

/**
 * The roles named, which must exist and hold only permissions the actor holds (docs/http-api.md: a
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

type UserChanges = Omit<UserUpdateInput, 'updated_at'>;

/**
 * The users area without what it mails (invitations, reset links): also how accounts changed outside
 * it are read and audited alike (user-audit.ts).
 */
export const usersArea = defineArea<UserRecord, UserInput, UserChanges>({
  contract: USERS,
  table: 'users',
  select: {
    permissions: `(SELECT coalesce(array_agg(DISTINCT rp.permission ORDER BY rp.permission), '{}')
       FROM role_user ru JOIN role_permissions rp ON rp.role_id = ru.role_id WHERE ru.user_id = t.id)`,
    two_factor_enabled: '(t.two_factor_confirmed_at IS NOT NULL)',
  },
  storage: { roles: joinTable('role_user', 'user_id', 'role_id') },
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

  async authorize({ tx, actor }, write) {
    if (write.action === 'create') return checkAssignable(tx, actor, write.input.roles);
    const targets = write.action === 'update' ? [write.current] : write.records;
    if (!targets.every((user) => mayManage(actor.permissions, user.permissions))) throw forbidden();
    if (write.action === 'update' && write.input.roles) {
      await checkAssignable(tx, actor, write.input.roles);
      // The security log (decision 031): rolled back with the write if it is refused later on.
      const before = write.current.roles.map((role) => role.name);
      await recordPermissionsChanged(tx, actor, { user: write.current }, before, write.input.roles);
    }
  },

  // argon2 costs tens of milliseconds by design: hashed before the transaction, which holds the
  // users' write lock (and PGlite's one connection). From here on `password` is the hash.
  async beforeTransaction(input) {
    if (input.password) input.password = await hashPassword(input.password);
  },

  async check({ tx, actor }, { current, columns }) {
    if (!current || columns.get('active') !== false) return;
    if (current.id === actor.id)
      throw ValidationError.field('active', 'No puede desactivar su propia cuenta.');
    // Disabling a user ends its sessions (docs/http-api.md).
    if (current.active) await tx.query('DELETE FROM sessions WHERE user_id = $1', [current.id]);
  },

  async beforeDelete({ actor }, records) {
    if (records.some((user) => user.id === actor.id)) {
      throw ValidationError.field('ids', 'No puede eliminar su propia cuenta.');
    }
  },

  // A trashed user cannot sign in (the session and sign-in reads skip them) and is signed out now.
  async onTrash({ tx }, records) {
    await tx.query('DELETE FROM sessions WHERE user_id = ANY($1::int[])', [records.map((user) => user.id)]);
  },

  async afterWrite({ tx }, action) {
    // Creating a user never removes an administrator; updates and deletes may.
    if (action === 'created') return;
    const [row] = await tx.query<{ admins: number }>(
      `SELECT count(*)::int AS admins FROM users u
         JOIN role_user ru ON ru.user_id = u.id JOIN roles r ON r.id = ru.role_id
        WHERE r.name = $1 AND u.active AND u.deleted_at IS NULL`,
      [ADMIN_ROLE],
    );
    if ((row?.admins ?? 0) === 0) {
      throw ValidationError.field(
        action === 'deleted' ? 'ids' : 'roles',
        'Debe quedar al menos un administrador activo.',
      );
    }
  },

  // Roles export by their labels ("Administrador, Editor"), as people read them.
  csv: ['id', 'name', 'email', 'roles', 'active', 'last_login_at', 'created_at'],
});

/**
 * What the users area asks of sign-in (auth-service.ts gives it): mailing a link to set a password,
 * an invitation or a reset; false when the address has no account. Declared here, not imported, so
 * that sign-in, which audits accounts through this area (user-audit.ts), and this area do not import
 * each other.
 */
export interface PasswordLinks {
  sendResetLink(user: { name: string; email: string }, kind?: ResetLinkKind): Promise<boolean>;
}

/** The users area with its mails: the invitation of a new account and the reset link on request. */
export function usersResource({ auth }: { auth: PasswordLinks }) {
  return defineArea<UserRecord, UserInput, UserChanges>({
    ...usersArea,

    // Mailed once the account is committed, never for one that rolled back.
    prepare({ afterCommit }, input, current) {
      if (current || !input.send_invitation) return;
      const invited = { name: input.name!, email: input.email! };
      afterCommit(async () => {
        await auth.sendResetLink(invited, 'invitation');
      });
    },

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
