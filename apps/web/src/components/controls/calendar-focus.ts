// Issue 16, keyboard use of the calendar: PrimeReact 10 gives the table of days a new React key on
// every render, so any render while a day has focus (the field losing focus as the calendar opens
// does one) replaces the focused day with a copy and focus falls to <body>: the arrows and Enter
// then do nothing. Each day's cell carries its date (data-p-day/month/year), so focus goes back to
// the same day in the new table.

const DAY_CELL = 'td[data-p-day]';

/** The selector of the focusable day inside the cell for one date. */
function daySelector(cell: HTMLElement): string {
  const { pDay, pMonth, pYear } = cell.dataset;
  return `td[data-p-day="${pDay}"][data-p-month="${pMonth}"][data-p-year="${pYear}"] > span`;
}

/** Keeps focus on the day it was on while the calendar's table is replaced. Returns the stop function. */
export function keepCalendarFocus(overlay: HTMLElement): () => void {
  let focusedDay: string | null = null;
  const remember = (event: FocusEvent) => {
    const cell = (event.target as HTMLElement).closest<HTMLElement>(DAY_CELL);
    focusedDay = cell ? daySelector(cell) : null;
  };
  const forget = (event: FocusEvent) => {
    // Focus moved on to something that exists (the person tabbed to a button, or left): let it go.
    if (event.relatedTarget) focusedDay = null;
  };
  const observer = new MutationObserver(() => {
    if (!focusedDay || !overlay.isConnected) return;
    const active = document.activeElement;
    if (active && active !== document.body) return;
    const day = overlay.querySelector<HTMLElement>(focusedDay);
    if (!day) return;
    day.tabIndex = 0;
    day.focus();
  });
  overlay.addEventListener('focusin', remember);
  overlay.addEventListener('focusout', forget);
  observer.observe(overlay, { childList: true, subtree: true });
  return () => {
    observer.disconnect();
    overlay.removeEventListener('focusin', remember);
    overlay.removeEventListener('focusout', forget);
  };
}
