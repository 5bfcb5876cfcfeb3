import { useEffect } from 'react';
import { APP_NAME } from './app-info';

/** docs/ui-contract.md: document.title is `<heading> · Gestor` on every screen. */
export function formatDocumentTitle(heading: string): string {
  return heading ? `${heading} · ${APP_NAME}` : APP_NAME;
}

export function useDocumentTitle(heading: string) {
  useEffect(() => {
    document.title = formatDocumentTitle(heading);
  }, [heading]);
}
