import { QueryClientProvider } from '@tanstack/react-query';
import { type APIOptions, PrimeReactProvider } from 'primereact/api';
import type { ReactNode } from 'react';
import { queryClient } from '../lib/query-client';
import { registerSpanishLocale } from './primereact-locale';

registerSpanishLocale();

// SPEC.md §9: the UI library's layers (modal 1100, overlay 1000, menu 1000, tooltip 1100), the
// toast above them all.
const primeReactOptions: Partial<APIOptions> = {
  locale: 'es',
  ripple: false,
  zIndex: { modal: 1100, overlay: 1000, menu: 1000, tooltip: 1100, toast: 1200 },
  // WCAG (axe): fixes to PrimeReact's markup, for every instance.
  pt: {
    // The dropdown's hidden native <select> (kept for form submission) has no name; the visible
    // combobox carries the name and is the control people use.
    dropdown: { select: { 'aria-hidden': true } },
    // The switch's wrapper repeats role="checkbox" around the native switch (nested-interactive).
    inputswitch: { root: { role: undefined, 'aria-checked': undefined } },
  },
};

/**
 * PrimeReact and TanStack Query, for the screens inside the shell. They wrap the default layout rather
 * than the whole app so the sign-in screens, which use neither, load less JavaScript.
 */
export function ShellProviders({ children }: { children: ReactNode }) {
  return (
    <PrimeReactProvider value={primeReactOptions}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </PrimeReactProvider>
  );
}
