import { createStorage } from '../../src/lib/storage/storage';
import { areaDefinitions } from '../../src/modules/areas';
import type { AuthService } from '../../src/modules/auth/auth-service';
import type { TestServer } from './server';

/**
 * Every area's definition as the server's registry declares it, for tests that walk the registry (an
 * area declared later is covered the day it is declared). Read-only: nothing here is mounted.
 */
export function registryOf(server: TestServer) {
  return Object.values(
    areaDefinitions({
      database: server.database,
      // The declarations only keep the auth service for their routes: none is called here.
      auth: {} as AuthService,
      storage: createStorage(server.config),
      log: server.app.log,
      appUrl: server.url,
      uploads: { maxBytes: 1, tmpDir: server.config.storagePath },
    }),
  );
}
