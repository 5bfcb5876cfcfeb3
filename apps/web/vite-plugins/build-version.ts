import type { Plugin } from 'vite';

/**
 * A build id: BUILD_VERSION when the pipeline sets one, else the package version and the build time,
 * so every build differs from the one before and open tabs can notice a deployment.
 */
export function createBuildVersion(packageVersion: string, now = new Date()): string {
  const fromEnv = process.env.BUILD_VERSION?.trim();
  if (fromEnv) return fromEnv;
  const stamp = now.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return `${packageVersion}+${stamp}`;
}

/**
 * Writes dist/version.json ({"version": …}), which the SPA polls every hour (docs/http-api.md#what-the-spa-sends, §9) and
 * compares with the version compiled into its bundle. The dev server answers the same path.
 */
export function buildVersionFile(version: string): Plugin {
  const body = `${JSON.stringify({ version })}\n`;
  return {
    name: 'gestor:build-version',
    configureServer(server) {
      server.middlewares.use('/version.json', (_request, response) => {
        response.setHeader('Content-Type', 'application/json; charset=utf-8');
        response.setHeader('Cache-Control', 'no-store');
        response.end(body);
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'version.json', source: body });
    },
  };
}
