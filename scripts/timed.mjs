#!/usr/bin/env node
// Runs one step of `npm test` and says how long it took, so a slow step is seen where it happens
// (issue 29: the suite's time is watched). With GESTOR_STEP_TIMES set, also appends
// "<label>\t<seconds>" to that file for .ci/run's summary. Exits with the step's own code.
//   node scripts/timed.mjs <label> <command> [args…]
import { spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';

const [label, command, ...args] = process.argv.slice(2);
if (!label || !command) {
  console.error('Uso: node scripts/timed.mjs <etiqueta> <orden> [argumentos…]');
  process.exit(2);
}

/** 754 s → "12 min 34 s". */
function duration(seconds) {
  const whole = Math.round(seconds);
  return whole >= 60 ? `${Math.floor(whole / 60)} min ${whole % 60} s` : `${whole} s`;
}

const started = performance.now();
const child = spawn(command, args, { stdio: 'inherit' });
// The step gets Ctrl-C or a CI timeout's SIGTERM itself; this wrapper waits for it to end.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
child.on('error', (error) => {
  console.error(`${label}: ${error.message}`);
  process.exit(127);
});
child.on('exit', (code, signal) => {
  const seconds = (performance.now() - started) / 1000;
  const outcome = code === 0 ? 'ok' : signal ? `detenido (${signal})` : `falló (código ${code})`;
  console.log(`\n==> ${label}: ${duration(seconds)} — ${outcome}`);
  if (process.env.GESTOR_STEP_TIMES) {
    appendFileSync(process.env.GESTOR_STEP_TIMES, `${label}\t${seconds.toFixed(0)}\n`);
  }
  process.exit(code ?? 1);
});
