// `npm start`: builds what is missing, then runs the server (SPA + API on one origin).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const missing = ['apps/web/dist/index.html', 'apps/api/dist/server.js'].filter((file) => !existsSync(file));
if (missing.length) {
  console.log(`Compilando (falta ${missing.join(', ')})…`);
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ['--enable-source-maps', 'apps/api/dist/server.js'], {
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
