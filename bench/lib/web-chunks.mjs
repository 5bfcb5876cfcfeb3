import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

// The SPA build's JavaScript chunks, as the route measurements see them.

/** gzip -9 size (what a CDN or a reverse proxy would send). @param {Buffer} buffer */
export const gzipSize = (buffer) => gzipSync(buffer, { level: 9 }).length;

/**
 * The chunks that exist only for one lazily imported module: those whose name starts with `prefix`
 * (the chunk Vite makes for it) and, repeatedly, any chunk that only they name (statically or as a
 * dynamic import), so a vendor split (TipTap, Chart.js) counts too. Returns file names (no directory).
 * @param {string} webDist
 * @param {string} prefix
 */
export async function chunksOnlyFor(webDist, prefix) {
  const assets = path.join(webDist, 'assets');
  const names = (await readdir(assets)).filter((name) => name.endsWith('.js'));
  /** @type {Map<string, string>} */
  const sources = new Map();
  for (const name of names) sources.set(name, await readFile(path.join(assets, name), 'utf8'));
  const html = await readFile(path.join(webDist, 'index.html'), 'utf8');

  const editor = new Set(names.filter((name) => name.startsWith(`${prefix}-`)));
  if (!editor.size) return editor;
  /** Who names each chunk: the other chunks whose text contains its file name, and the page. */
  /** @type {Map<string, string[]>} */
  const namedBy = new Map();
  for (const name of names) {
    const by = [...sources].filter(([other, text]) => other !== name && text.includes(name)).map(([o]) => o);
    if (html.includes(name)) by.push('index.html');
    namedBy.set(name, by);
  }
  for (let changed = true, rounds = 0; changed && rounds < names.length; rounds++) {
    changed = false;
    for (const name of names) {
      if (editor.has(name)) continue;
      const by = namedBy.get(name) ?? [];
      if (by.length && by.every((other) => editor.has(other))) {
        editor.add(name);
        changed = true;
      }
    }
  }
  return editor;
}

/** The rich text editor's chunks (rich-text-editor.tsx and what only it loads). @param {string} webDist */
export const editorOnlyChunks = (webDist) => chunksOnlyFor(webDist, 'rich-text-editor');

/** The dashboard chart's chunks (publications-chart.tsx, PrimeReact's Chart and Chart.js). @param {string} webDist */
export const chartOnlyChunks = (webDist) => chunksOnlyFor(webDist, 'publications-chart');
