import { buildApp } from './app';
import { configFromEnvironment, openReadyDatabase } from './boot';
import { seedFirstAdmin } from './db/seed';
import { adminPasswordBlock, prettyLogStream } from './lib/pretty-log';

const config = configFromEnvironment();
const database = await openReadyDatabase(config);
const admin = await seedFirstAdmin(database, config.admin);
// LOG_FORMAT: `auto` is short lines for a person at a terminal, JSON for anything else (a collector).
const pretty =
  config.logFormat === 'pretty' || (config.logFormat === 'auto' && process.stdout.isTTY === true);
const logStream = pretty
  ? prettyLogStream(process.stdout, { requests: ['debug', 'trace'].includes(config.logLevel) })
  : undefined;
const app = await buildApp({ config, database, ...(logStream ? { logStream } : {}) });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app
      .close()
      .then(() => database.close())
      .then(() => process.exit(0))
      .catch(() => process.exit(1));
  });
}

const address = await app.listen({ host: config.host, port: config.port });
const engine = database.kind === 'pglite' ? `PGlite en ${config.storagePath}/db` : 'PostgreSQL';
console.log(`${config.appName} escuchando en ${address} (${engine}); dirección pública ${config.appUrl}`);
// After "escuchando", so the password is the last thing a person starting the server sees.
if (admin) console.log(`\n${adminPasswordBlock(admin.email, admin.generatedPassword, config.appUrl)}\n`);
