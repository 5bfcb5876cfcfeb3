import { buildApp } from './app';
import { configFromEnvironment, openReadyDatabase } from './boot';
import { seedFirstAdmin } from './db/seed';

const config = configFromEnvironment();
const database = await openReadyDatabase(config);
const admin = await seedFirstAdmin(database, config.admin);
const app = await buildApp({ config, database });

if (admin) {
  const password = admin.generatedPassword
    ? `contraseña generada (se muestra solo esta vez): ${admin.generatedPassword}`
    : 'contraseña: la de ADMIN_PASSWORD';
  console.log(`\nPrimer administrador creado: ${admin.email} — ${password}\n`);
}

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
