import type { NavigateFunction, NavigateOptions } from 'react-router';

// Two changes of the same screen's query can race: a debounced search and a side panel opened at
// once (the route's guard runs before a navigation commits, and the later navigation cancels the
// earlier). Each starts from where the address is going, not where it still is: the query last
// asked for while its navigation is on its way, else the address itself.

let intended: string | null = null;

/** The query the address is going to: the one last navigated to, until that navigation settles. */
export function intendedSearch(): string {
  return intended ?? window.location.search;
}

/** Navigates to `search` on this screen, remembering it until the navigation settles. */
export function navigateToSearch(navigate: NavigateFunction, search: string, options?: NavigateOptions) {
  intended = search;
  const settled = () => {
    if (intended === search) intended = null;
  };
  return Promise.resolve(navigate({ search }, options)).finally(settled);
}
