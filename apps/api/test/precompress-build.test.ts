import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

// The build prepares what the server sends compressed (docs/http-api.md#errors): a real `vite build`
// of a tiny project with the SPA's precompress plugin (apps/web/vite-plugins/precompress.ts), run as
// a separate program so that the API's code never imports the SPA's.

const repository = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

describe('the SPA build precompresses its text files', () => {
  let project: string;
  let dist: string;

  beforeAll(() => {
    project = mkdtempSync(path.join(tmpdir(), 'gestor-precompress-'));
    dist = path.join(project, 'dist');
    const plugin = path.join(repository, 'apps/web/vite-plugins/precompress.ts');
    writeFileSync(
      path.join(project, 'vite.config.ts'),
      `import { precompress } from ${JSON.stringify(plugin)};\n` +
        `export default { root: ${JSON.stringify(project)}, logLevel: 'warn', plugins: [precompress()] };\n`,
    );
    writeFileSync(
      path.join(project, 'index.html'),
      '<!doctype html><html><head><title>Prueba</title></head><body><div id="root"></div>' +
        '<script type="module" src="/main.js"></script></body></html>\n',
    );
    writeFileSync(
      path.join(project, 'main.js'),
      `import './style.css';\ndocument.querySelector('#root').textContent = ${JSON.stringify('Hola '.repeat(400))} + Math.random();\n`,
    );
    writeFileSync(
      path.join(project, 'style.css'),
      `${'.c{color:red}\n'.repeat(20)}body{margin:${Date.now() % 7}px}\n`,
    );
    const vite = spawnSync(
      process.execPath,
      [path.join(repository, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'vite.config.ts'],
      { cwd: project, encoding: 'utf8', timeout: 60_000 },
    );
    expect(vite.status, vite.stderr + vite.stdout).toBe(0);
  }, 90_000);
  afterAll(() => rmSync(project, { recursive: true, force: true }));

  test('.br and .gz beside each script and page worth it, decompressing to the very file', () => {
    const assets = readdirSync(path.join(dist, 'assets'));
    const script = assets.find((name) => /^index-.*\.js$/.test(name));
    expect(script, assets.join(', ')).toBeDefined();
    const original = readFileSync(path.join(dist, 'assets', script!));
    const br = readFileSync(path.join(dist, 'assets', `${script}.br`));
    const gz = readFileSync(path.join(dist, 'assets', `${script}.gz`));
    expect(brotliDecompressSync(br).equals(original)).toBe(true);
    expect(gunzipSync(gz).equals(original)).toBe(true);
    expect(br.length).toBeLessThan(original.length / 5);
    expect(br.length).toBeLessThanOrEqual(gz.length);

    // Too small to be worth it: left alone.
    const style = assets.find((name) => name.endsWith('.css'))!;
    expect(readFileSync(path.join(dist, 'assets', style)).length).toBeLessThan(1024);
    expect(existsSync(path.join(dist, 'assets', `${style}.br`))).toBe(false);
  });
});
