// `npm run lint` runs this after Biome: the repository's documentation stands alone (issue 30). A
// clone must be able to read every Markdown file its code, tests and docs point to, so this refuses
// (1) a mention of a Markdown file that is not in the repository — a relative link resolved from the
// file that holds it, or a path written in prose or a comment, found beside the file or under one of
// its parent folders — and (2) any mention of the design documents the project started from, which
// were never part of it: their content is in docs/.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The outside documents, spelt in pieces so that this file does not mention them itself. */
const OUTSIDE_DOCUMENTS = ['DESIGN', 'DELIVERY', 'SPEC', 'AREAS', 'QUESTIONNAIRES'].map(
  (name) => `${name}.md`,
);
const OUTSIDE = new RegExp(
  `\\b(${OUTSIDE_DOCUMENTS.map((name) => name.replace('.', '\\.')).join('|')})`,
  'g',
);

/** A Markdown file's path as prose or a link writes it: folders, a name, `.md`, maybe an anchor. */
const MARKDOWN_PATH = /(?<![\w/.@-])((?:\.{1,2}\/|[\w@-][\w.@-]*\/)*[\w-][\w.-]*\.md)(?![\w])/g;
/** A template rather than a file: `docs/decisions/NNN-title.md`, `<area>.md`, `*.md`. */
const PLACEHOLDER = /NNN|[<>{}*]/;
/** Files that hold other projects' names (the lock file) or no text. */
const SKIPPED =
  /(^|\/)package-lock\.json$|\.(png|jpe?g|gif|webp|avif|ico|pdf|woff2?|zip|br|gz|eml|docx|xlsx|pptx|odt|ods|odp|mp3|mp4|webm)$/i;

/**
 * Every problem in the given files of `root`: `{ file, line, text }`, in order. `exists` decides
 * whether a path relative to `root` is there (a test may hand it a list).
 */
export function findReferenceProblems(
  root,
  files,
  read = (file) => readFileSync(path.join(root, file), 'utf8'),
  exists = (file) => existsSync(path.join(root, file)),
) {
  const problems = [];
  for (const file of files) {
    if (SKIPPED.test(file)) continue;
    const text = read(file);
    if (text.includes('\0')) continue;
    text.split('\n').forEach((content, index) => {
      const line = index + 1;
      for (const match of content.matchAll(OUTSIDE)) {
        problems.push({
          file,
          line,
          text: `${match[1]} is not part of the repository: point to docs/ instead`,
        });
      }
      // Web addresses name other sites' files.
      const local = content.replace(/[a-z][a-z0-9+.-]*:\/\/\S+/gi, '');
      for (const match of local.matchAll(MARKDOWN_PATH)) {
        const reference = match[1];
        if (OUTSIDE_DOCUMENTS.includes(path.basename(reference)) || PLACEHOLDER.test(reference)) continue;
        // A bare name quoted in code is data (an upload's file name in a test), not a pointer.
        const quoted = /['"`]/.test(content[(match.index ?? 0) - 1] ?? '');
        if (quoted && !reference.includes('/') && !file.endsWith('.md')) continue;
        if (!resolves(file, reference, exists)) {
          problems.push({ file, line, text: `${reference} does not exist in the repository` });
        }
      }
    });
  }
  return problems;
}

/**
 * A path starting with `./` or `../` from the file's folder only; any other from the file's folder or
 * one of its parents (a comment under apps/web/src may name a README by its path from src).
 */
function resolves(file, reference, exists) {
  let folder = path.posix.dirname(file);
  if (reference.startsWith('.')) return exists(path.posix.normalize(path.posix.join(folder, reference)));
  for (;;) {
    const candidate = path.posix.normalize(path.posix.join(folder, reference));
    if (!candidate.startsWith('..') && exists(candidate)) return true;
    if (folder === '.') return false;
    folder = path.posix.dirname(folder);
  }
}

/** The repository's files: tracked, and new ones not ignored (what the next commit may hold). */
export function repositoryFiles(root) {
  const output = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return [...new Set(output.split('\0').filter(Boolean))].filter((file) => existsSync(path.join(root, file)));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const problems = findReferenceProblems(root, repositoryFiles(root));
  for (const problem of problems) console.error(`${problem.file}:${problem.line}: ${problem.text}`);
  if (problems.length > 0) {
    console.error(`${problems.length} reference(s) to Markdown files a clone does not have.`);
    process.exit(1);
  }
}
