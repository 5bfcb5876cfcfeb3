import http from 'node:http';
import pg from 'pg';

// The baseline for list endpoints: a bare node:http server that runs the very statements the API
// runs for one list page (rows and total, in parallel) through the raw pg driver, and answers JSON.
// Started as a child process by sql-baseline.mjs; configured by environment variables.

const statements = JSON.parse(process.env.STATEMENTS ?? '{}');
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });

const server = http.createServer(async (_request, response) => {
  try {
    // A null count: the rows statement carries the total itself (as the public API's lists do).
    const [rows, count] = await Promise.all([
      pool.query(statements.rows.text, statements.rows.values),
      statements.count ? pool.query(statements.count.text, statements.count.values) : null,
    ]);
    const body = JSON.stringify({
      data: rows.rows,
      meta: { total: /** @type {any} */ ((count ?? rows).rows[0])?.total ?? 0 },
    });
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    response.end(body);
  } catch (error) {
    response.writeHead(500);
    response.end(String(error));
  }
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('ready'));
