import { sanitizeRichText } from '../../lib/rich-text';
import type { Connection } from '../client';

// Issue 29 (decision 040): a link with no href, or a refused one, made the sanitizer store the next
// element's closing tag as </gestor-unwrap>, so the rest of an article nested inside an unclosed list
// on the website; and bodies were stored as htmlparser2 read them, not as a browser builds them.
// Every stored rich text body gets its closing tags back and is sanitized again by today's sanitizer,
// which SQL cannot do: row by
// row in TypeScript, in batches, inside the migration's transaction. The rich text fields are those
// of packages/shared marked `richText` when this was written (news and pages bodies); trashed rows
// too, as they may be restored. A body is read by its library image ids (media_usages), which a
// rewrite keeps: images are kept as stored, their rule was applied when they were written.
export const name = '0033-well-formed-rich-text';

export const up = /* sql */ `
-- Nothing in SQL: data() below rewrites the bodies.
`;

const RICH_TEXT = [
  { table: 'news', field: 'body' },
  { table: 'pages', field: 'body' },
] as const;

const BATCH = 200;

// A stored body is sanitize-html's output: text holds no raw < or >, every element it opened it
// closed, in order, and void ones are written `<img … />`. So a tag is exactly this token.
const TAG = /<(\/?)([a-z][a-z0-9-]*)[^>]*?(\/?)>/g;

/**
 * The closing tags the old sanitizer wrote as `</gestor-unwrap>`, put back as what they closed: each
 * stood where the author closed the element open at that point. Sanitized as it stands, a browser
 * would have kept the list open and nested the rest of the article inside it.
 */
export function restoreClosingTags(html: string): string {
  if (!html.includes('</gestor-unwrap>')) return html;
  const open: string[] = [];
  return html.replace(TAG, (token, closing: string, tag: string, selfClosing: string) => {
    if (selfClosing) return token;
    if (!closing) {
      open.push(tag);
      return token;
    }
    const closed = open.pop();
    return tag === 'gestor-unwrap' && closed ? `</${closed}>` : token;
  });
}

/**
 * Sanitizes every stored body again, writing back only those that change (updated_at untouched: it
 * is no one's edit, and an open editor's copy stays current). Returns how many were mended.
 */
export async function data(connection: Connection): Promise<number> {
  let mended = 0;
  for (const { table, field } of RICH_TEXT) {
    let after = 0;
    for (;;) {
      const rows = await connection.query<{ id: number; body: string }>(
        `SELECT id, ${field} AS body FROM ${table} WHERE id > $1 ORDER BY id LIMIT ${BATCH}`,
        [after],
      );
      for (const row of rows) {
        const body = sanitizeRichText(restoreClosingTags(row.body), { image: (attribs) => attribs });
        if (body === row.body) continue;
        await connection.query(`UPDATE ${table} SET ${field} = $2 WHERE id = $1`, [row.id, body]);
        mended++;
      }
      if (rows.length < BATCH) break;
      after = rows[rows.length - 1]!.id;
    }
  }
  return mended;
}
