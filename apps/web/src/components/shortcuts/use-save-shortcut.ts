import { useEffect, useRef } from 'react';
import { isModifierShortcut } from './keyboard';

/**
 * Ctrl+S (⌘S) submits the form the returned ref is given as its submit button would (issue 20), from anywhere on the
 * screen, fields included, as in every editor; the browser's "save page" dialog never opens while a
 * form is on screen. Not while a dialog over the form (the search, a confirmation) has the focus,
 * nor while `enabled` is false (read-only, a save on its way).
 */
export function useSaveShortcut(enabled: boolean) {
  const formRef = useRef<HTMLFormElement | null>(null);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isModifierShortcut(event, 's')) return;
      event.preventDefault();
      const form = formRef.current;
      if (!enabled || !form) return;
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest('[role="dialog"]') && !form.contains(target)) return;
      form.requestSubmit();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
  return formRef;
}
