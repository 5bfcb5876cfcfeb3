import { Toast } from 'primereact/toast';
import { type ReactNode, useEffect, useMemo, useRef } from 'react';
import { useMediaQuery } from '../../lib/use-media-query';
import type { NoticeLink, ScreenNotifier } from './resource-screens';

// A message for the next screen, when a save or a delete navigates away ("Guardado correctamente."
// after a create lands on the new record's screen). Module state, not history state: a reload must
// not say it again.
let flash: { message: string; link?: NoticeLink } | null = null;

export function flashSuccess(message: string, link?: NoticeLink) {
  flash = { message, link };
}

/** The toast's link: to the website, in a new tab (the form stays where it was), and says so. */
function noticeLink({ href, label }: NoticeLink) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className="resource-toast-link">
      {label}
      <span className="sr-only"> (se abre en una pestaña nueva)</span>
    </a>
  );
}

/**
 * A screen's toast (PrimeReact announces it to screen readers: role="alert", aria-live) and the
 * functions that fill it. Issue 16: at the top right it covered the user menu; at the bottom it
 * hides nothing a person is reaching for — bottom right on a wide screen, across the bottom on a phone.
 */
export function useNotifier(): [ReactNode, ScreenNotifier] {
  const toast = useRef<Toast>(null);
  const phone = useMediaQuery('(max-width: 575.98px)');
  const notify = useMemo<ScreenNotifier>(
    () => ({
      // With a link, long enough to reach it (the pointer over the toast holds it too).
      success: (message, link) =>
        toast.current?.show({
          severity: 'success',
          summary: message,
          detail: link ? noticeLink(link) : undefined,
          life: link ? 10_000 : 4000,
        }),
      error: (message) =>
        toast.current?.show({ severity: 'error', summary: 'Error', detail: message, life: 8000 }),
    }),
    [],
  );
  useEffect(() => {
    if (flash === null) return;
    notify.success(flash.message, flash.link);
    flash = null;
  }, [notify]);
  return [
    <Toast
      key="toast"
      ref={toast}
      position={phone ? 'bottom-center' : 'bottom-right'}
      className="resource-toast"
    />,
    notify,
  ];
}
