import { ConfirmDialog } from 'primereact/confirmdialog';
import { type ReactNode, useCallback, useEffect, useRef } from 'react';
import { type BlockerFunction, useBlocker } from 'react-router';
import { LEAVE_QUESTION } from '../resource/messages';

// docs/architecture.md#the-spa: a warning before leaving a form with unsaved changes — a dialog for navigation
// inside the app (React Router's blocker), the browser's own prompt when the tab is closed or reloaded.

/** Where leaving must never be held back: a signed-out user cannot save anyway (docs/http-api.md#sign-in-lifecycle). */
const ALWAYS_ALLOWED = /^\/(auth\/|logout-ok)/;

export function useUnsavedChangesGuard(dirty: boolean): { dialog: ReactNode; allowNavigation: () => void } {
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const allowed = useRef(false);

  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      dirtyRef.current &&
      !allowed.current &&
      currentLocation.pathname !== nextLocation.pathname &&
      !ALWAYS_ALLOWED.test(nextLocation.pathname),
    [],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const dialog = (
    <ConfirmDialog
      visible={blocker.state === 'blocked'}
      header="Cambios sin guardar"
      message={LEAVE_QUESTION}
      icon="pi pi-exclamation-triangle"
      acceptLabel="Salir sin guardar"
      rejectLabel="Seguir editando"
      acceptClassName="p-button-danger"
      defaultFocus="reject"
      accept={() => blocker.proceed?.()}
      onHide={(result) => {
        if (result !== 'accept') blocker.reset?.();
      }}
    />
  );

  /** For the screen's own navigation after a save or a delete: nothing is left to lose. */
  const allowNavigation = useCallback(() => {
    allowed.current = true;
  }, []);

  return { dialog, allowNavigation };
}
