import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

/** The themes the configurator offers: Lara, light and dark, in four primary colours. */
export const THEME_PRIMARIES = ['indigo', 'blue', 'teal', 'purple'] as const;
export const THEME_NAMES = THEME_PRIMARIES.flatMap((primary) => [
  `lara-light-${primary}`,
  `lara-dark-${primary}`,
]);

/**
 * Copies the PrimeReact theme folders into public/themes (gitignored) when the dev server or a build
 * starts. The SPA switches themes by changing the href of <link id="theme-link">, so each theme must be
 * a plain file served as-is rather than a bundled import.
 */
export function primereactThemes({ publicDir }: { publicDir: string }): Plugin {
  const require = createRequire(import.meta.url);
  const themesSource = path.join(
    path.dirname(require.resolve('primereact/package.json')),
    'resources/themes',
  );
  const themesTarget = path.join(publicDir, 'themes');
  return {
    name: 'gestor:primereact-themes',
    buildStart() {
      rmSync(themesTarget, { recursive: true, force: true });
      mkdirSync(themesTarget, { recursive: true });
      for (const name of THEME_NAMES) {
        const source = path.join(themesSource, name);
        if (!existsSync(source)) this.error(`PrimeReact theme ${name} not found in ${themesSource}`);
        cpSync(source, path.join(themesTarget, name), { recursive: true });
      }
    },
  };
}
