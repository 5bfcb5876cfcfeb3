import { QueryClientProvider } from '@tanstack/react-query';
import { type APIOptions, PrimeReactProvider } from 'primereact/api';
import type { DropdownPassThroughMethodOptions } from 'primereact/dropdown';
import type { KeyboardEvent, ReactNode } from 'react';
import { queryClient } from '../lib/query-client';
import { registerSpanishLocale } from './primereact-locale';

registerSpanishLocale();

// docs/architecture.md#the-spa: the UI library's layers (modal 1100, overlay 1000, menu 1000, tooltip 1100), the
// toast above them all.
/**
 * An empty list (no options yet, or none matching the search) holds only its message, and a listbox
 * without options breaks aria-required-children: the message is given as an option that cannot be
 * chosen, so it is also what a screen reader reads on entering the list.
 */
const EMPTY_LIST_MESSAGE = { role: 'option', 'aria-disabled': true, 'aria-selected': false };

/**
 * Escape in a multiselect's search box closes the list, and the box goes with it, taking the focus
 * to the page's start: the focus goes back to the combobox that opened the list (the one whose
 * aria-controls names it), as it does when Escape is pressed on the combobox itself.
 */
function returnFocusOnEscape(event: KeyboardEvent<HTMLElement>) {
  if (event.key !== 'Escape') return;
  const list = event.currentTarget.querySelector('[role="listbox"]');
  if (!list?.id) return;
  const combobox = document.querySelector<HTMLElement>(`[aria-controls="${CSS.escape(list.id)}"]`);
  window.requestAnimationFrame(() => combobox?.focus());
}

/**
 * Escape in a dropdown's search box closes the list, and the box goes with it, leaving the focus on
 * the page's body (PrimeReact gives it back to the combobox when an option is chosen, not on
 * Escape). The pass-through gets the dropdown's own props: its combobox input is `inputId`, which
 * every dropdown of the app sets for its label.
 */
function dropdownFilterInput({ props }: DropdownPassThroughMethodOptions) {
  return {
    onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
      if (event.key !== 'Escape' || !props.inputId) return;
      const combobox = document.getElementById(props.inputId);
      window.requestAnimationFrame(() => combobox?.focus());
    },
  };
}

const primeReactOptions: Partial<APIOptions> = {
  locale: 'es',
  ripple: false,
  zIndex: { modal: 1100, overlay: 1000, menu: 1000, tooltip: 1100, toast: 1200 },
  // WCAG (axe): fixes to PrimeReact's markup, for every instance.
  pt: {
    // The dropdown's hidden native <select> (kept for form submission) has no name; the visible
    // combobox carries the name and is the control people use.
    // Its root, a plain <div> that never takes the focus, says which option is active, and before
    // the arrows move names one that does not exist (`dropdownItem_-1`): aria-allowed-attr and
    // aria-valid-attr-value. Focus stays on the combobox input, which needs no such pointer to work.
    dropdown: {
      select: { 'aria-hidden': true },
      root: { 'aria-activedescendant': undefined },
      emptyMessage: EMPTY_LIST_MESSAGE,
      filterInput: dropdownFilterInput,
    },
    // Each option (role="option", whose content is presentational) draws its tick with a real,
    // unlabelled <input type="checkbox"> (label, nested-interactive, aria-toggle-field-name). The
    // option says whether it is chosen (aria-selected) and takes the click, so the checkbox is inert:
    // out of the accessibility tree, never focused, clicks fall through to the option. Focus stays
    // on the search box or the combobox while the arrows move, so a long list is also reachable with
    // Tab, to scroll it with the keyboard (scrollable-region-focusable).
    // It also copies its ARIA props to its root as well as its input: only the input keeps them.
    multiselect: {
      root: { 'aria-describedby': undefined, 'aria-invalid': undefined },
      checkboxContainer: { inert: true },
      // "Select all" (shown without a search box) puts role="checkbox" on its wrapper too, and names
      // neither: only the native checkbox keeps the role, with a name of its own.
      headerCheckbox: {
        root: { role: undefined, 'aria-checked': undefined },
        input: { 'aria-label': 'Seleccionar todas las opciones' },
      },
      wrapper: { tabIndex: 0 },
      emptyMessage: EMPTY_LIST_MESSAGE,
      panel: { onKeyDown: returnFocusOnEscape },
    },
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
