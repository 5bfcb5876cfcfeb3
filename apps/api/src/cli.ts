import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { emailField, passwordField, requiredText } from '@gestor/shared';
import type { z } from 'zod';
import { configFromEnvironment, openDatabaseOrExit, openReadyDatabase } from './boot';
import { isUniqueViolation } from './db/errors';
import { migrate } from './db/migrate';
import { createUser, seedFirstAdmin, seedRoles } from './db/seed';
import { scratchTag } from './lib/leftovers';
import { hashPassword } from './lib/passwords';
import { createStorage } from './lib/storage/storage';
import { checkUncheckedDocuments } from './modules/multimedia/document-backfill';
import { PRUNE_GRACE_MS, unreferencedMedia } from './modules/multimedia/storage-prune';
import { pruneAudits } from './modules/resource/audit-prune';
import { auditUser, auditUserCreated, COMMAND_LINE, PASSWORD_CHANGED } from './modules/users/user-audit';

// Command-line tasks in the style of artisan: `npm run artisan -- <command> [options]`.

const HELP = `Uso: npm run artisan -- <orden> [opciones]

  migrate                                   Aplica las migraciones pendientes
  seed                                      Crea los roles iniciales y, si no hay usuarios, el primer administrador
  user:create --email E --name N --role R [--role R2] [--password P]
                                            Crea un usuario (sin --password se genera una y se muestra)
  user:password --email E [--password P]    Cambia la contraseña de un usuario y cierra sus sesiones
  audit:prune                               Borra del historial lo anterior a AUDIT_RETENTION_DAYS días
  media:check-documents                     Comprueba la accesibilidad de los PDF y documentos de oficina
                                            subidos antes de que Gestor los comprobara al subirlos
`;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function check<S extends z.ZodType>(schema: S, value: unknown, option: string): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) fail(`--${option}: ${result.error.issues[0]?.message}`);
  return result.data;
}

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    email: { type: 'string' },
    name: { type: 'string' },
    role: { type: 'string', multiple: true },
    password: { type: 'string' },
    force: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  },
});

const command = positionals[0];
if (!command || values.help) {
  console.log(HELP);
  process.exit(command ? 0 : 1);
}

const config = configFromEnvironment();

switch (command) {
  case 'migrate': {
    const database = openDatabaseOrExit(config);
    const ran = await migrate(database);
    console.log(ran.length ? `Migraciones aplicadas: ${ran.join(', ')}` : 'No hay migraciones pendientes.');
    await database.close();
    break;
  }
  case 'seed': {
    const database = await openReadyDatabase(config);
    await seedRoles(database);
    const admin = await seedFirstAdmin(database, config.admin);
    console.log('Roles iniciales creados.');
    if (admin)
      console.log(
        `Administrador ${admin.email}${admin.generatedPassword ? ` — contraseña: ${admin.generatedPassword}` : ''}`,
      );
    await database.close();
    break;
  }
  case 'user:create': {
    const email = check(emailField(), values.email, 'email');
    const name = check(requiredText('nombre'), values.name, 'name');
    const roles = values.role?.length
      ? values.role
      : fail('--role: indique al menos un rol (p. ej. --role editor)');
    const generated = values.password ? null : randomBytes(12).toString('base64url');
    const password = check(passwordField(), values.password ?? generated, 'password');
    const database = await openReadyDatabase(config);
    const known = await database.query<{ name: string }>(
      'SELECT name FROM roles WHERE name = ANY($1::text[])',
      [roles],
    );
    const missing = roles.filter((r) => !known.some((k) => k.name === r));
    if (missing.length) fail(`--role: no existe el rol ${missing.join(', ')}`);
    try {
      // Audited like a user created on screen, by the command line.
      const id = await database.transaction(async (tx) => {
        const created = await createUser(tx, { name, email, password, roles });
        await auditUserCreated(tx, COMMAND_LINE, created);
        return created;
      });
      console.log(
        `Usuario ${email} creado (id ${id}) con rol ${roles.join(', ')}.${generated ? ` Contraseña: ${generated}` : ''}`,
      );
    } catch (error) {
      if (isUniqueViolation(error)) fail(`--email: ya existe un usuario con el correo ${email}`);
      throw error;
    }
    await database.close();
    break;
  }
  case 'user:password': {
    const email = check(emailField(), values.email, 'email');
    const generated = values.password ? null : randomBytes(12).toString('base64url');
    const password = check(passwordField(), values.password ?? generated, 'password');
    const database = await openReadyDatabase(config);
    const hash = await hashPassword(password);
    // The new password, the end of the sessions and the history entry hold together.
    const changed = await database.transaction(async (tx) => {
      const [row] = await tx.query<{ id: number }>(
        'UPDATE users SET password = $2, updated_at = now() WHERE lower(email) = $1 RETURNING id',
        [email, hash],
      );
      if (!row) return false;
      await tx.query('DELETE FROM sessions WHERE user_id = $1', [row.id]);
      await auditUser(tx, COMMAND_LINE, row.id, 'updated', PASSWORD_CHANGED);
      return true;
    });
    if (!changed) fail(`--email: no hay ningún usuario con el correo ${email}`);
    console.log(
      `Contraseña de ${email} cambiada; sus sesiones se han cerrado.${generated ? ` Nueva contraseña: ${generated}` : ''}`,
    );
    await database.close();
    break;
  }
  case 'storage:prune': {
    const database = await openReadyDatabase(config);
    const storage = createStorage(config);
    const orphans = await unreferencedMedia(database, storage);
    await database.close();
    for (const orphan of orphans) console.log(`${orphan.modified.toISOString()}  ${orphan.key}`);
    const hours = PRUNE_GRACE_MS / 3_600_000;
    if (!orphans.length) console.log(`No hay archivos sin uso de más de ${hours} h.`);
    else if (!values.force)
      console.log(`${orphans.length} archivos sin uso de más de ${hours} h. Bórrelos con --force.`);
    else {
      await storage.delete(orphans.map((orphan) => orphan.key));
      console.log(`${orphans.length} archivos sin uso borrados.`);
    }
    break;
  }
  case 'audit:prune': {
    if (config.auditRetentionDays === null) {
      console.log('AUDIT_RETENTION_DAYS no está definido: el historial se conserva siempre.');
      break;
    }
    const database = await openReadyDatabase(config);
    const pruned = await pruneAudits(database, config.auditRetentionDays);
    await database.close();
    console.log(
      pruned.entries
        ? `${pruned.entries} entradas del historial anteriores a ${config.auditRetentionDays} días borradas (${pruned.records} registros).`
        : `No hay entradas del historial anteriores a ${config.auditRetentionDays} días.`,
    );
    break;
  }
  case 'media:check-documents': {
    const database = await openReadyDatabase(config);
    const storage = createStorage(config);
    const scratch = path.join(path.resolve(config.storagePath, 'tmp'), scratchTag());
    try {
      const { checked, missing } = await checkUncheckedDocuments(database, storage, scratch);
      console.log(checked ? `${checked} documentos comprobados.` : 'No hay documentos sin comprobar.');
      for (const item of missing) console.log(`Falta el archivo del elemento ${item}: no se ha comprobado.`);
    } finally {
      await rm(scratch, { recursive: true, force: true });
      await database.close();
    }
    break;
  }
  default:
    fail(`Orden desconocida: ${command}\n\n${HELP}`);
}
