import { Toast } from 'primereact/toast';
import { type ReactNode, useEffect, useMemo, useRef } from 'react';
import type { ScreenNotifier } from './resource-screens';

// A message for the next screen, when a save or a delete navigates away ("Guardado correctamente."
// after a create lands on the new record's screen). Module state, not history state: a reload must
// not say it again.
let flash: string | null = null;

export function flashSuccess(message: string) {
  flash = message;
}

/** A screen's toast (PrimeReact announces it to screen readers) and the functions that fill it. */
export function useNotifier(): [ReactNode, ScreenNotifier] {
  const toast = useRef<Toast>(null);
  const notify = useMemo<ScreenNotifier>(
    () => ({
      success: (message) => toast.current?.show({ severity: 'success', summary: message, life: 4000 }),
      error: (message) =>
        toast.current?.show({ severity: 'error', summary: 'Error', detail: message, life: 8000 }),
    }),
    [],
  );
  useEffect(() => {
    if (flash === null) return;
    notify.success(flash);
    flash = null;
  }, [notify]);
  return [<Toast key="toast" ref={toast} position="top-right" className="resource-toast" />, notify];
}
