// `npm run lint` runs this after Biome. Biome's nursery/noImportCycles (biome.json, type imports
// counted) refuses a cycle between two files of the SPA or the API; this refuses one between two
// folders, which no file-level rule sees: list/a.tsx → form/b.ts and form/c.tsx → list/d.ts make no
// file cycle, yet neither folder can then be understood, moved or loaded without the other. A folder
// is a layer only if its imports point one way (apps/web/README.md: lib → components → features →
// app; apps/api/README.md: lib → config → db → plugins → modules → app).
//
// Every import counts: `import type` (a type ties the folders as much as a value does), `export … from`
// and `import()` (a lazily loaded screen is still a dependency). Only relative imports can reach
// another folder; packages are left out.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The folders whose children must form no cycle: each subfolder (with everything under it) is one
 * node, and so is each file directly inside. The SPA's top folders (lib, components, features, app),
 * the shared components' folders (resource, list, form, controls, …) and the areas.
 */
const LAYERED = [
  'apps/web/src',
  'apps/web/src/components',
  'apps/web/src/features',
  // The API's layers (apps/api/README.md): config and lib, db, plugins (the HTTP edge), modules (the
  // areas and their services), then the files that assemble them (app.ts, server.ts, cli.ts).
  'apps/api/src',
  'apps/api/src/lib',
  'apps/api/src/modules',
];

const SOURCE = /\.(ts|tsx|mts|cts)$/;

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** The file a relative specifier names, as TypeScript's bundler resolution finds it; undefined if none. */
function resolve(from, specifier, known) {
  const base = path.resolve(path.dirname(from), specifier);
  const candidates = [base, ...['.ts', '.tsx', '/index.ts', '/index.tsx'].map((ext) => base + ext)];
  return candidates.find((candidate) => known.has(candidate));
}

/** Every relative import of every file, type-only and dynamic ones included. */
function importGraph(files) {
  const known = new Set(files);
  return files.map((file) => {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles
      .map(({ fileName }) => fileName)
      .filter((specifier) => specifier.startsWith('.'))
      .map((specifier) => resolve(file, specifier, known))
      .filter((target) => target !== undefined);
    return { file, targets };
  });
}

/** The node a file belongs to under `parent`: its subfolder, or the file itself when it sits directly in it. */
function nodeOf(parent, file) {
  const relative = path.relative(parent, file);
  if (relative.startsWith('..')) return undefined;
  const [first, ...rest] = relative.split(path.sep);
  return rest.length ? `${first}/` : first;
}

/** Tarjan's strongly connected components: each one with more than one node is a cycle. */
function cycles(nodes, edges) {
  let index = 0;
  const order = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const visit = (node) => {
    order.set(node, index);
    low.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node)?.keys() ?? []) {
      if (!order.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node), order.get(next)));
      }
    }
    if (low.get(node) !== order.get(node)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) found.push(component.sort());
  };
  for (const node of [...nodes].sort()) if (!order.has(node)) visit(node);
  return found;
}

// A test file sits beside what it tests and may use anything above it: it is no part of its folder's layer.
const graph = importGraph(
  ['apps/web/src', 'apps/api/src']
    .flatMap((dir) => sourceFiles(path.join(root, dir)))
    .filter((file) => !/\.test\.tsx?$/.test(file)),
);
const problems = [];
for (const layered of LAYERED) {
  const parent = path.join(root, layered);
  const nodes = new Set();
  // node → node → the imports that make the edge, for the message
  const edges = new Map();
  for (const { file, targets } of graph) {
    const from = nodeOf(parent, file);
    if (from === undefined) continue;
    nodes.add(from);
    for (const target of targets) {
      const to = nodeOf(parent, target);
      if (to === undefined || to === from) continue;
      if (!edges.has(from)) edges.set(from, new Map());
      const via = edges.get(from);
      if (!via.has(to)) via.set(to, new Set());
      via.get(to).add(`${path.relative(parent, file)} → ${path.relative(parent, target)}`);
    }
  }
  for (const component of cycles(nodes, edges)) {
    const lines = component.flatMap((from) =>
      component
        .filter((to) => edges.get(from)?.has(to))
        .map((to) => `    ${from} → ${to}: ${[...edges.get(from).get(to)].join(', ')}`),
    );
    problems.push(`  ${layered}: ${component.join(', ')} import each other\n${lines.join('\n')}`);
  }
}

// The API's top folders are also ordered (apps/api/README.md): a folder imports only from those before
// it, so plugins/ never reaches into modules/ even where modules/ does not import it back.
const API_LAYERS = ['lib/', 'config/', 'db/', 'plugins/', 'modules/'];
{
  const parent = path.join(root, 'apps/api/src');
  for (const { file, targets } of graph) {
    const from = API_LAYERS.indexOf(nodeOf(parent, file) ?? '');
    if (from < 0) continue;
    for (const target of targets) {
      const to = API_LAYERS.indexOf(nodeOf(parent, target) ?? '');
      if (to > from) {
        problems.push(
          `  apps/api/src: ${API_LAYERS[from]} imports ${API_LAYERS[to]}, a layer above it: ` +
            `${path.relative(parent, file)} → ${path.relative(parent, target)}`,
        );
      }
    }
  }
}

if (problems.length) {
  console.error(
    `Imports between folders that do not point one way (scripts/check-import-cycles.mjs):\n${problems.join('\n')}`,
  );
  console.error('Move what both sides need to the folder below them, so the imports point one way.');
  process.exit(1);
}
console.log('No import cycles between folders.');
