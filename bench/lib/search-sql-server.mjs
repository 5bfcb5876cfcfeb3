import http from 'node:http';
import pg from 'pg';

// The baseline of the global search (cases/global-search.mjs): a bare node:http server that runs the
// very statements the API's search runs for one query — every area's best matches at once, and its
// count where the five rows are full — through the raw pg driver, and answers JSON. Prints its port.

const SEARCH_ITEMS_PER_AREA = 5;
/** @type {Array<{ area: string, rows: { text: string, values: unknown[] }, count: { text: string, values: unknown[] } }>} */
const areas = JSON.parse(process.env.STATEMENTS ?? '[]');
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });

const server = http.createServer(async (_request, response) => {
  try {
    const groups = await Promise.all(
      areas.map(async ({ area, rows, count }) => {
        const found = (await pool.query(rows.text, rows.values)).rows;
        const total =
          found.length < SEARCH_ITEMS_PER_AREA
            ? found.length
            : (await pool.query(count.text, count.values)).rows[0].total;
        return { area, total, items: found };
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
