import path from 'node:path';
import { type Config, ConfigError, loadConfig } from './config/config';
import { readEnvironment } from './config/env-file';
import { type Database, DatabaseInUseError, openDatabase } from './db/client';
import { migrate } from './db/migrate';
import { seedRoles } from './db/seed';

/** Reads and validates the configuration; a bad value ends the process with one clear line. */
export function configFromEnvironment(): Config {
  try {
    return loadConfig(readEnvironment(path.resolve(process.cwd(), '.env'), process.env));
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** Opens the configured database; when another process holds the embedded one, says so in one line and exits. */
export function openDatabaseOrExit(config: Config): Database {
  try {
    return openDatabase(config);
  } catch (error) {
    if (error instanceof DatabaseInUseError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** Opens the configured database, runs pending migrations and makes sure the seeded roles exist. */
export async function openReadyDatabase(config: Config): Promise<Database> {
  const database = openDatabaseOrExit(config);
  await migrate(database);
  await seedRoles(database);
  return database;
}
