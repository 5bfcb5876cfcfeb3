import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { findReferenceProblems, repositoryFiles } from '../../../scripts/check-doc-references.mjs';

// Issue 30: a clone reads every document its code and docs point to. `npm run lint` runs the same
// check (scripts/check-doc-references.mjs); this states what it catches, and that the repository
// passes it.

const repository = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
// The design documents the project started from, which were never in it (spelt in pieces, so that
// this file does not mention them).
const md = (name: string) => `${name}.md`;
const outside = ['DESIGN', 'DELIVERY', 'SPEC', 'AREAS', 'QUESTIONNAIRES'].map(md);

/** The check over files given as text, in a repository holding `present`. */
function problems(files: Record<string, string>, present: string[] = []) {
  const all = new Set([...Object.keys(files), ...present]);
  return findReferenceProblems(
    '/nowhere',
    Object.keys(files),
    (file) => files[file] ?? '',
    (file) => all.has(file),
  ).map(({ file, line, text }) => `${file}:${line}: ${text}`);
}

describe('references to documentation', () => {
  test('every Markdown file the repository mentions is in it, and no outside design document is named', () => {
    expect(findReferenceProblems(repository, repositoryFiles(repository))).toEqual([]);
  });

  test('each outside design document is refused, in code, tests and docs alike', () => {
    for (const name of outside) {
      expect(problems({ 'apps/api/src/x.ts': `// ${name} §3: the contract` })).toEqual([
        `apps/api/src/x.ts:1: ${name} is not part of the repository: point to docs/ instead`,
      ]);
    }
  });

  test('a link or a path to a missing Markdown file is refused; present ones, placeholders and data pass', () => {
    const files = {
      'docs/README.md': `[Areas](${md('areas')}) and [gone](${md('gone')}#top)\nsee ../README.md and decisions/NNN-title.md`,
      'apps/web/src/a.ts': `// ${md('components/resource/README')} says how; ${md('docs/missing')} does not exist`,
      'apps/web/src/a.test.ts': "upload('notas.md')",
      'README.md': 'Read https://example.org/other.md and docs/areas.md#multimedia.',
    };
    const present = ['docs/areas.md', 'apps/web/src/components/resource/README.md'];
    expect(problems(files, present)).toEqual([
      `docs/README.md:1: ${md('gone')} does not exist in the repository`,
      `apps/web/src/a.ts:1: ${md('docs/missing')} does not exist in the repository`,
    ]);
  });
});
