import { lazy, Suspense, useEffect, useState } from 'react';
import { isTextEntry } from './keyboard';

// The dialog (and PrimeReact's Dialog) loads with the first "?": the shell stays light.
const ShortcutsDialog = lazy(async () => ({ default: (await import('./shortcuts-dialog')).ShortcutsDialog }));

/**
 * "?" anywhere but a text field opens the list of keyboard shortcuts (issue 20). Mounted once by the
 * shell; in a field, "?" types a "?".
 */
export function ShortcutsHelp() {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== '?' || event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey)
        return;
      if (isTextEntry(event.target)) return;
      event.preventDefault();
      setLoaded(true);
      setOpen(true);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  return loaded ? (
    <Suspense fallback={null}>
      <ShortcutsDialog open={open} onClose={() => setOpen(false)} />
    </Suspense>
  ) : null;
}
