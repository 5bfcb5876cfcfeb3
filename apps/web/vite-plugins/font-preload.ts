import type { Plugin } from 'vite';

/**
 * Adds `<link rel="preload" as="font">` to the built index.html for each emitted font file whose
 * name starts with one of `fontNames` (the hashed name is only known once the bundle is written).
 * Every screen shows text in Inter, so its Latin file starts downloading with the page instead of
 * after the CSS has been read (fonts are preloaded where used). A build that emits
 * no such file fails: a preload that silently went missing would only show as a later text swap.
 *
 * Only in builds: the dev server serves the fonts from node_modules under other addresses.
 */
export function fontPreload(fontNames: string[]): Plugin {
  let base = '/';
  return {
    name: 'gestor:font-preload',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const files = Object.values(bundle ?? {})
          .filter((file) => file.type === 'asset' && file.fileName.endsWith('.woff2'))
          .map((file) => file.fileName);
        return fontNames.map((fontName) => {
          const fileName = files.find((file) => file.split('/').pop()?.startsWith(`${fontName}-`));
          if (!fileName) throw new Error(`font-preload: the build emitted no ${fontName}-*.woff2`);
          return {
            tag: 'link',
            // crossorigin: fonts are always fetched in CORS mode; without it the preload is not reused.
            attrs: {
              rel: 'preload',
              href: `${base}${fileName}`,
              as: 'font',
              type: 'font/woff2',
              crossorigin: '',
            },
            injectTo: 'head' as const,
          };
        });
      },
    },
  };
}
