import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { signIn, browserHeaders } from './lib/session.mjs';
const port = 8131, url = `http://127.0.0.1:${port}`;
const env = { PATH: process.env.PATH, APP_ENV: 'test', APP_KEY: `base64:${randomBytes(32).toString('base64')}`, APP_URL: url, HOST: '127.0.0.1', PORT: String(port),
  STORAGE_PATH: '/tmp/prof/storage', MAIL_MAILER: 'log', ADMIN_EMAIL: 'b@b.es', ADMIN_PASSWORD: 'bench-password-1', LOG_LEVEL: 'warn', ...(process.env.DBURL ? { DATABASE_URL: process.env.DBURL } : {}) };
const args = process.env.PROF ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] : [];
const child = spawn(process.execPath, [...args, '/work/main/apps/api/dist/server.js'], { env, stdio: 'inherit', cwd: '/tmp/prof' });
for (let i = 0; i < 100; i++) { try { if ((await fetch(url + '/up')).ok) break; } catch {} await new Promise(r => setTimeout(r, 200)); }
const jar = await signIn(url, { email: 'b@b.es', password: 'bench-password-1' });
const headers = browserHeaders(url, jar);
const r = await autocannon({ url: url + '/api/user?lang=es', headers, connections: 10, duration: Number(process.env.DUR ?? 8) });
console.log('req/s', r.requests.average, 'non2xx', r.non2xx);
child.kill('SIGINT');
await new Promise(r => child.on('exit', r));
