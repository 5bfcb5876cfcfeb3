import pg from 'pg';
import { isPlanted, slugify, spanishNewsItem } from './spanish-news.mjs';

// Many news items for the search benchmark, written straight into the server's PostgreSQL database
// (the generated search_vector and the GIN index are PostgreSQL's work, as on any insert): Spanish
// titles, excerpts and HTML bodies from spanish-news.mjs; 85 % published over about four years,
// 10 % drafts, 5 % scheduled (half of them already due, so they read as published); 1 in 37
// featured; no categories; all by the same author.

const BATCH = 2_000;
const MINUTE = 60_000;

/**
 * The columns of item `index` besides its text.
 * @param {number} index
 * @param {number} now
 */
function publication(index, now) {
  const created = now - index * 20 * MINUTE - (index % 17) * MINUTE;
  const kind = index % 20;
  if (kind < 2) return { status: 'draft', published: null, created };
  if (kind === 2) {
    // Scheduled: every other one in the next two months, the rest due already.
    const ahead = index % 2 === 0;
    const published = ahead ? now + ((index % 60) + 1) * 24 * 60 * MINUTE : created + 3 * 60 * MINUTE;
    return { status: 'scheduled', published, created };
  }
  return { status: 'published', published: created + (index % 5) * 30 * MINUTE, created };
}

/**
 * Adds news items until the table holds `total`, written by the user with `authorEmail`, then
 * VACUUM (ANALYZE) news: statistics, and the GIN index's pending list merged, as autovacuum leaves
 * a table that has settled. Returns how many it added and how many of them carry the planted topic.
 * @param {string} databaseUrl
 * @param {number} total
 * @param {string} authorEmail
 * @param {(message: string) => void} [log]
 */
export async function fillNews(databaseUrl, total, authorEmail, log = () => {}) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const author = await client.query('SELECT id FROM users WHERE email = $1', [authorEmail]);
    if (!author.rows[0]) throw new Error(`no user ${authorEmail} to write the news`);
    const { rows } = await client.query('SELECT count(*)::int AS n, coalesce(max(id), 0) AS last FROM news');
    const missing = total - rows[0].n;
    if (missing <= 0) return { added: 0, planted: 0, averageBodyChars: 0 };
    const first = Number(rows[0].last) + 1;
    const now = Date.now();
    let planted = 0;
    let bytes = 0;
    for (let done = 0; done < missing; done += BATCH) {
      const size = Math.min(BATCH, missing - done);
      /** @type {Record<string, unknown[]>} */
      const columns = {
        title: [],
        slug: [],
        excerpt: [],
        body: [],
        status: [],
        published_at: [],
        featured: [],
        created_at: [],
        updated_at: [],
      };
      for (let index = first + done; index < first + done + size; index++) {
        const item = spanishNewsItem(index);
        const when = publication(index, now);
        if (isPlanted(index)) planted++;
        bytes += item.body.length;
        columns.title?.push(item.title);
        columns.slug?.push(`${slugify(item.title)}-${index}`);
        columns.excerpt?.push(item.excerpt);
        columns.body?.push(item.body);
        columns.status?.push(when.status);
        columns.published_at?.push(when.published === null ? null : new Date(when.published).toISOString());
        columns.featured?.push(index % 37 === 0);
        columns.created_at?.push(new Date(when.created).toISOString());
        columns.updated_at?.push(new Date(when.created + (index % 7) * 45 * MINUTE).toISOString());
      }
      await client.query(
        `INSERT INTO news (title, slug, excerpt, body, status, published_at, featured, author_id,
                           created_at, updated_at)
         SELECT title, slug, excerpt, body, status, published_at, featured, $10::int, created_at, updated_at
           FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::timestamptz[],
                       $7::boolean[], $8::timestamptz[], $9::timestamptz[])
                AS x (title, slug, excerpt, body, status, published_at, featured, created_at, updated_at)`,
        [
          columns.title,
          columns.slug,
          columns.excerpt,
          columns.body,
          columns.status,
          columns.published_at,
          columns.featured,
          columns.created_at,
          columns.updated_at,
          author.rows[0].id,
        ],
      );
      if ((done / BATCH) % 10 === 9) log(`  ${done + size} of ${missing} written`);
    }
    await client.query('VACUUM (ANALYZE) news');
    return { added: missing, planted, averageBodyChars: Math.round(bytes / missing) };
  } finally {
    await client.end();
  }
}
