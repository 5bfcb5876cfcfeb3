// What `npm start` rebuilds: each build output carries a fingerprint of the sources it was built from
// (`.build-inputs` beside it); when the sources' fingerprint differs (a `git pull`, an edit), or the
// output or its fingerprint is missing (a fresh clone, a build by hand), that part is built again.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The two build outputs and what each is built from. Paths are relative to the repository root; a
 * missing input is simply not part of the fingerprint.
 */
export const BUILD_TARGETS = [
  {
    workspace: 'apps/web',
    output: 'apps/web/dist/index.html',
    stamp: 'apps/web/dist/.build-inputs',
    inputs: [
      'apps/web/src',
      'apps/web/index.html',
      'apps/web/public',
      'apps/web/vite.config.ts',
      'apps/web/vite-plugins',
      'apps/web/package.json',
      'apps/web/tsconfig.json',
      'apps/web/.env',
      'apps/web/.env.local',
      'apps/web/.env.production',
      'apps/web/.env.production.local',
      'packages/shared/src',
      'packages/shared/package.json',
      'package-lock.json',
    ],
    // Written by the build itself (the PrimeReact themes copied in), not a source.
    ignore: ['apps/web/public/themes'],
    // Vite compiles these into the bundle.
    environment: (name) => name.startsWith('VITE_') || name === 'BUILD_VERSION',
  },
  {
    workspace: 'apps/api',
    output: 'apps/api/dist/server.js',
    stamp: 'apps/api/dist/.build-inputs',
    inputs: [
      'apps/api/src',
      'apps/api/build.mjs',
      'apps/api/package.json',
      'packages/shared/src',
      'packages/shared/package.json',
      'package-lock.json',
    ],
    ignore: [],
    environment: () => false,
  },
];

const SKIPPED_DIRECTORIES = new Set(['node_modules', 'dist', '.git']);

/** Every file under the inputs, as sorted paths relative to root. */
function inputFiles(root, target) {
  const ignored = new Set(target.ignore.map((entry) => path.join(root, entry)));
  const files = [];
  const visit = (absolute) => {
    if (ignored.has(absolute)) return;
    let stat;
    try {
      stat = statSync(absolute);
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      for (const entry of readdirSync(absolute)) {
        if (!SKIPPED_DIRECTORIES.has(entry)) visit(path.join(absolute, entry));
      }
    } else if (stat.isFile()) {
      files.push(path.relative(root, absolute).split(path.sep).join('/'));
    }
  };
  for (const input of target.inputs) visit(path.join(root, input));
  return [...new Set(files)].sort();
}

/** A hash of the target's input files (names and contents) and of the environment its build reads. */
export function fingerprint(root, target, env = process.env) {
  const hash = createHash('sha256');
  for (const file of inputFiles(root, target)) {
    hash.update(`${file}\0`);
    hash.update(
      createHash('sha256')
        .update(readFileSync(path.join(root, file)))
        .digest(),
    );
  }
  for (const name of Object.keys(env).filter(target.environment).sort()) {
    hash.update(`\0env\0${name}=${env[name]}`);
  }
  return hash.digest('hex');
}

/** The recorded fingerprint of the target's output, or null. */
export function recordedFingerprint(root, target) {
  try {
    return readFileSync(path.join(root, target.stamp), 'utf8').trim() || null;
  } catch {
    return null;
  }
}

/** Records that the target's output was built from sources with this fingerprint. */
export function recordFingerprint(root, target, value) {
  writeFileSync(path.join(root, target.stamp), `${value}\n`);
}

/**
 * The targets to build before starting, each with why and the fingerprint of its sources now (to
 * record once its build succeeds).
 */
export function targetsToBuild(root, env = process.env) {
  const stale = [];
  for (const target of BUILD_TARGETS) {
    const current = fingerprint(root, target, env);
    if (!existsSync(path.join(root, target.output))) {
      stale.push({ target, fingerprint: current, reason: `falta ${target.output}` });
    } else {
      const recorded = recordedFingerprint(root, target);
      if (recorded === null) {
        stale.push({ target, fingerprint: current, reason: 'no consta de qué código se compiló' });
      } else if (recorded !== current) {
        stale.push({ target, fingerprint: current, reason: 'el código ha cambiado desde la compilación' });
      }
    }
  }
  return stale;
}
