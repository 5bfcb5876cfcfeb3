import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
const a = spawn(process.execPath, ['hello-srv.tmp.mjs', 'fastify'], { stdio: 'inherit' });
const b = spawn(process.execPath, ['hello-srv.tmp.mjs', 'bare'], { stdio: 'inherit' });
await new Promise(r => setTimeout(r, 1500));
for (const port of [8140, 8141, 8140, 8141]) {
  const r = await autocannon({ url: `http://127.0.0.1:${port}/api/user`, connections: 10, duration: 5 });
  console.log(port, r.requests.average);
}
a.kill(); b.kill();
