import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startScriptServer } from './ports.mjs';

// The baseline of `test-answering`: a bare node:http server, in a process of its own like the real
// one, serving `PUT /attempts/{token hash}/answers` by running the very statements answering.ts's
// save runs (captured from the service by the case: today the attempt with its test's version by
// the token's hash, then the UPDATE merging the answers), one after another as the service does,
// through the raw pg driver on a pool of the server's size (10). It is given the token's hash, not
// the token: the bench cannot make the server's keyed hash (APP_KEY), and one HMAC is microseconds.
// No validation, no framework, no compression: the floor of a save on this database.

/**
 * A statement and where each of its values comes from.
 * @typedef {{ text: string, values: Array<{ from: 'hash' | 'given' | 'removed' } | { from: 'row', row: number, column: string } | { from: 'constant', value: unknown }> }} SaveStatement
 */

/**
 * @param {{ databaseUrl: string, statements: SaveStatement[] }} options
 * @returns {Promise<{ url: string, pid: number, stop(): Promise<void> }>}
 */
export function startAnswerSaveBaseline({ databaseUrl, statements }) {
  return startScriptServer(
    fileURLToPath(import.meta.url),
    { DATABASE_URL: databaseUrl, STATEMENTS: JSON.stringify(statements) },
    { name: 'the answer-save baseline', graceMs: 5_000 },
  );
}

/** @param {unknown} answer */
const answered = (answer) =>
  answer !== null &&
  answer !== undefined &&
  (typeof answer === 'string' ? answer.trim() !== '' : Array.isArray(answer) && answer.length > 0);

// Run as a script: serve the saves and print {"port": …} once listening.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  /** @type {SaveStatement[]} */
  const statements = JSON.parse(process.env.STATEMENTS ?? '{}');
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  const PATH = /^\/attempts\/([0-9a-f]{64})\/answers$/;

  /**
   * @param {import('node:http').ServerResponse} response
   * @param {number} status
   * @param {unknown} body
   */
  const answer = (response, status, body) => {
    const payload = Buffer.from(JSON.stringify(body));
    response.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': payload.length,
    });
    response.end(payload);
  };

  const server = createServer(async (request, response) => {
    try {
      const match = request.method === 'PUT' ? PATH.exec(request.url ?? '') : null;
      /** @type {Buffer[]} */
      const chunks = [];
      for await (const chunk of request) chunks.push(chunk);
      if (!match) return answer(response, 404, { message: 'No encontrado.' });
      const { answers = {} } = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      const sources = {
        hash: match[1],
        given: JSON.stringify(
          Object.fromEntries(Object.entries(answers).filter(([, value]) => answered(value))),
        ),
        removed: Object.keys(answers).filter((id) => !answered(answers[id])),
      };
      /** @type {Array<Record<string, unknown>>} */
      const rows = [];
      for (const [index, statement] of statements.entries()) {
        const values = statement.values.map((source) =>
          source.from === 'row'
            ? rows[source.row]?.[source.column]
            : source.from === 'constant'
              ? source.value
              : sources[source.from],
        );
        const [row] = (await pool.query(statement.text, values)).rows;
        // As the service: nothing found is a 404; nothing saved (time up, submitted) a 409.
        if (!row) {
          return index === statements.length - 1
            ? answer(response, 409, { message: 'El tiempo para responder ha terminado.' })
            : answer(response, 404, { message: 'No encontrado.' });
        }
        rows.push(row);
      }
      const saved = /** @type {Record<string, unknown>} */ (rows.at(-1));
      return answer(response, 200, {
        data: {
          state: saved.state,
          deadline: saved.deadline,
          submit_by: saved.submit_by,
          answers: saved.answers,
          saved_at: saved.saved_at,
          submitted_at: saved.submitted_at,
          feedback: null,
        },
      });
    } catch (error) {
      return answer(response, 500, { message: String(error) });
    }
  });
  // Same keep-alive window as Fastify's default, so connections are reused the same way.
  server.keepAliveTimeout = 72_000;
  server.listen(0, '127.0.0.1', () => {
    const address = /** @type {import('node:net').AddressInfo} */ (server.address());
    process.stdout.write(`${JSON.stringify({ port: address.port })}\n`);
  });
  process.once('SIGTERM', () => {
    server.close();
    server.closeAllConnections();
    void pool.end().then(() => process.exit(0));
  });
}
