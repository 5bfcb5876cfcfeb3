import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
 * A theme's CSS without its @font-face rules. The Lara themes load the whole Inter variable font and
 * its italic (over 700 kB); Gestor declares subset files of its own under the same family name
 * (src/styles/fonts.css). Throws if anything still points into the theme's fonts folder, so an
 * upgrade that loads fonts another way is noticed at build time rather than as a heavier page.
 */
export function withoutFontFaces(css: string, name = 'theme.css'): string {
  const stripped = css.replace(/@font-face\s*\{[^}]*\}\s*/g, '');
  if (/url\(\s*["']?\.?\/?fonts\//.test(stripped)) {
    throw new Error(`${name} still refers to its fonts folder after removing its @font-face rules`);
  }
  return stripped;
}

/**
 * Copies the PrimeReact theme folders into public/themes (gitignored) when the dev server or a build
 * starts. The SPA switches themes by changing the href of <link id="theme-link">, so each theme must be
 * a plain file served as-is rather than a bundled import. Their fonts stay behind (see withoutFontFaces).
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
        const target = path.join(themesTarget, name);
        cpSync(source, target, {
          recursive: true,
          filter: (file) => path.relative(source, file).split(path.sep)[0] !== 'fonts',
        });
        const css = path.join(target, 'theme.css');
        try {
          writeFileSync(css, withoutFontFaces(readFileSync(css, 'utf8'), `${name}/theme.css`));
        } catch (error) {
          this.error(error instanceof Error ? error.message : String(error));
        }
      }
    },
  };
}
