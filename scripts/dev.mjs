// `npm run dev`: the API with reload on change (tsx watch) and Vite's dev server, which proxies
// /api, /sanctum and /up to the API. Open the address Vite prints (http://localhost:5173).
import { spawn } from 'node:child_process';

const env = { APP_ENV: 'development', FRONTEND_URL: 'http://localhost:5173', ...process.env };
const children = [
  // From the repository root, so .env and STORAGE_PATH resolve as they do for npm start.
  spawn('npx', ['tsx', 'watch', 'apps/api/src/server.ts'], { stdio: 'inherit', env }),
  spawn('npm', ['run', 'dev', '-w', 'apps/web'], { stdio: 'inherit', env }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, stop);
for (const child of children) {
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}
