import { lazy, Suspense, useEffect, useState } from 'react';
import { isModifierShortcut, MODIFIER_LABEL } from '../../../components/shortcuts/keyboard';
import type { SearchedAreaEntry } from './search-commands';
import './global-search.css';

// The topbar's search (issue 20): a field-like button and Ctrl+K (⌘K) both open the palette, which
// loads with its first opening (the shell stays light).
const SearchPalette = lazy(async () => ({ default: (await import('./search-palette')).SearchPalette }));

export function GlobalSearch({ areas }: { areas: readonly SearchedAreaEntry[] }) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isModifierShortcut(event, 'k')) return;
      event.preventDefault();
      setLoaded(true);
      setOpen(true);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  const show = () => {
    setLoaded(true);
    setOpen(true);
  };

  return (
    <>
      <button
        type="button"
        className="topbar-search"
        aria-haspopup="dialog"
        aria-keyshortcuts="Control+K Meta+K"
        onClick={show}
        // Hovering or focusing it fetches the palette's code before the click.
        onPointerEnter={() => setLoaded(true)}
        onFocus={() => setLoaded(true)}
      >
        <i className="pi pi-search" aria-hidden="true" />
        <span className="topbar-search-label">Buscar…</span>
        <span className="topbar-search-keys" aria-hidden="true">
          {MODIFIER_LABEL} K
        </span>
      </button>
      {loaded && (
        <Suspense fallback={null}>
          <SearchPalette open={open} onClose={() => setOpen(false)} areas={areas} />
        </Suspense>
      )}
    </>
  );
}
