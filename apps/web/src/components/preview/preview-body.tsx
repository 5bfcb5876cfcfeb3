import { useEffect, useRef, useState } from 'react';

// A record's body HTML (sanitized by the server, docs/public-api.md) shown apart from the SPA: a frame
// from `srcdoc`, sandboxed without scripts, so nothing in the body can run, restyle Gestor or read
// its session. `allow-same-origin` keeps the frame on the SPA's origin — without scripts it cannot
// use it — so the library's images (served `Cross-Origin-Resource-Policy: same-origin`) load, and
// the SPA can measure the frame's content to size it: the dialog scrolls, not the frame.
// Links open in a new tab (`<base target>`, popups allowed out of the sandbox).

const FRAME_STYLE = `
:root { color-scheme: light; }
body {
  margin: 0;
  padding: 1rem;
  font: 1rem/1.6 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  color: #1f2937;
  background: #ffffff;
  overflow-wrap: anywhere;
}
img, video, iframe { max-width: 100%; height: auto; }
figure { margin: 1rem 0; }
table { border-collapse: collapse; max-width: 100%; }
th, td { border: 1px solid #d1d5db; padding: 0.25rem 0.5rem; }
a { color: #1d4ed8; }
blockquote { margin: 1rem 0; padding-left: 1rem; border-left: 4px solid #d1d5db; color: #374151; }
`;

export function frameDocument(html: string): string {
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><base target="_blank"><style>${FRAME_STYLE}</style></head><body>${html}</body></html>`;
}

export function PreviewBody({ html, title }: { html: string; title: string }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState<number>();

  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    let observer: ResizeObserver | undefined;
    const measure = () => {
      const root = element.contentDocument?.documentElement;
      if (root) setHeight(Math.ceil(root.getBoundingClientRect().height));
    };
    const watch = () => {
      measure();
      observer?.disconnect();
      const root = element.contentDocument?.documentElement;
      if (!root) return;
      // Images arriving after the first paint make the text taller.
      observer = new ResizeObserver(measure);
      observer.observe(root);
    };
    element.addEventListener('load', watch);
    if (element.contentDocument?.readyState === 'complete') watch();
    return () => {
      element.removeEventListener('load', watch);
      observer?.disconnect();
    };
  }, []);

  return (
    <iframe
      ref={frame}
      className="preview-body"
      title={title}
      sandbox="allow-same-origin allow-popups allow-popups-to-escape-sandbox"
      srcDoc={frameDocument(html)}
      style={height === undefined ? undefined : { height: `${height}px` }}
    />
  );
}
