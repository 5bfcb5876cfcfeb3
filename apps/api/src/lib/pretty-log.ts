import { Writable } from 'node:stream';

// LOG_FORMAT=pretty (or auto on a terminal): the log as short lines a person reads, instead of
// pino's JSON. At `info` the per-request lines are left out: two JSON lines a request scrolled the
// first administrator's password away within seconds (issue 30). At `debug` and below each request
// is one line. A few lines of our own rather than pino-pretty: no dependency for a terminal view.

const LEVELS: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};

interface LogLine {
  level?: number;
  time?: number;
  msg?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { type?: string; message?: string; stack?: string };
}

const clock = (time: number | undefined) => new Date(time ?? Date.now()).toTimeString().slice(0, 8);

/** One pino line as a person reads it; null for what is left out. */
export function prettyLine(json: string, { requests }: { requests: boolean }): string | null {
  let line: LogLine;
  try {
    line = JSON.parse(json) as LogLine;
  } catch {
    return json;
  }
  const level = LEVELS[line.level ?? 30] ?? String(line.level);
  const isRequest = line.msg === 'incoming request' || line.msg === 'request completed';
  if (isRequest && (line.level ?? 30) <= 30 && !requests) return null;
  if (line.msg === 'incoming request') return null;
  const head = `${clock(line.time)} ${level.padEnd(5)}`;
  if (line.msg === 'request completed') {
    const took = line.responseTime === undefined ? '' : ` (${Math.round(line.responseTime)} ms)`;
    return `${head} ${line.req?.method ?? ''} ${line.req?.url ?? ''} → ${line.res?.statusCode ?? ''}${took}`;
  }
  const error = line.err?.stack ? `\n${line.err.stack}` : line.err?.message ? ` — ${line.err.message}` : '';
  return `${head} ${line.msg ?? ''}${error}`;
}

/** A stream pino writes to: whole lines in, pretty lines out to `out`. */
export function prettyLogStream(out: NodeJS.WritableStream, { requests }: { requests: boolean }): Writable {
  let pending = '';
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      pending += chunk.toString('utf8');
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const json of lines) {
        if (!json) continue;
        const text = prettyLine(json, { requests });
        if (text !== null) out.write(`${text}\n`);
      }
      done();
    },
  });
}

/**
 * The first administrator's generated password in a frame, printed after "escuchando en" so it is
 * the last thing on the screen (and findable in a log: it starts with the same words each time).
 */
export function adminPasswordBlock(email: string, password: string | null, address: string): string {
  const lines = password
    ? [
        'Primer administrador creado',
        `  Correo:      ${email}`,
        `  Contraseña:  ${password}`,
        'Se muestra solo esta vez: guárdela ahora. Para poner otra:',
        `  npm run artisan -- user:password --email ${email}`,
      ]
    : ['Primer administrador creado', `  Correo:      ${email}`, '  Contraseña:  la de ADMIN_PASSWORD'];
  lines.push(`Entre en ${address}`);
  const width = Math.max(...lines.map((line) => [...line].length));
  const rule = '═'.repeat(width + 2);
  return [
    `╔${rule}╗`,
    ...lines.map((line) => `║ ${line}${' '.repeat(width - [...line].length)} ║`),
    `╚${rule}╝`,
  ].join('\n');
}
