import http from 'node:http';
import pg from 'pg';

// The baseline of the global search (cases/global-search.mjs): a bare node:http server that runs the
// very statements the API's search runs for one query — every area's best matches with its count,
// all at once — through the raw pg driver, and answers JSON. Prints its port.

/** @type {Array<{ area: string, statement: { text: string, values: unknown[] } }>} */
const areas = JSON.parse(process.env.STATEMENTS ?? '[]');
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });

const server = http.createServer(async (_request, response) => {
  try {
    const groups = await Promise.all(
      areas.map(async ({ area, statement }) => {
        const found = (await pool.query(statement.text, statement.values)).rows;
        return { area, total: found[0]?.total ?? 0, items: found };
      }),
    );
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    response.end(JSON.stringify({ data: groups.filter((group) => group.total > 0) }));
  } catch (error) {
    response.writeHead(500);
    response.end(String(error));
  }
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(
    `${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`,
  );
});
