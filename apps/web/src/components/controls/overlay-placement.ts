// Issue 16: PrimeReact places a pop-up (the calendar) below its field, or above it when the window
// lacks room below, and when neither fits it pins the pop-up to the top of the page, where the fixed
// top bar hides its month and year. Here the top bar's edge counts as the top of the window, and when
// neither side fits the page scrolls so the pop-up opens below its field, both in view.

/** Where the field and the pop-up are, in viewport pixels. */
export interface OverlayMeasures {
  anchorTop: number;
  anchorBottom: number;
  overlayHeight: number;
  viewportHeight: number;
  /** The bottom edge of what stays fixed at the top of the window (the top bar), 0 without one. */
  topInset: number;
}

/** Space kept between the pop-up and the edges of the visible area. */
const MARGIN = 8;

const fitsBelow = (m: OverlayMeasures) => m.anchorBottom + m.overlayHeight <= m.viewportHeight - MARGIN;
const fitsAbove = (m: OverlayMeasures) => m.anchorTop - m.overlayHeight >= m.topInset + MARGIN;

/**
 * How far to scroll the page down before placing the pop-up: enough for it to fit below its field,
 * never so far that the field itself goes under the top bar; 0 when it fits below or above.
 */
export function scrollToFit(m: OverlayMeasures): number {
  if (fitsBelow(m) || fitsAbove(m)) return 0;
  const needed = m.anchorBottom + m.overlayHeight + MARGIN - m.viewportHeight;
  const room = m.anchorTop - m.topInset - MARGIN;
  return Math.max(0, Math.min(needed, room));
}

/**
 * The pop-up's top edge (viewport pixels): below the field when it fits, else above it, else as low
 * as keeps it whole and never under the top bar (its header is what says which month it shows).
 */
export function overlayTop(m: OverlayMeasures): number {
  if (fitsBelow(m)) return m.anchorBottom;
  if (fitsAbove(m)) return m.anchorTop - m.overlayHeight;
  const lowest = Math.min(m.anchorBottom, m.viewportHeight - m.overlayHeight - MARGIN);
  return Math.max(m.topInset + MARGIN, lowest);
}

/** The shell's fixed top bar (components/layout/layout.css). */
const TOPBAR_SELECTOR = '.layout-topbar';

function place(overlay: HTMLElement, anchor: HTMLElement) {
  const topbar = document.querySelector(TOPBAR_SELECTOR)?.getBoundingClientRect();
  const measure = (): OverlayMeasures => {
    const rect = anchor.getBoundingClientRect();
    return {
      anchorTop: rect.top,
      anchorBottom: rect.bottom,
      overlayHeight: overlay.offsetHeight,
      viewportHeight: document.documentElement.clientHeight,
      topInset: Math.max(0, topbar?.bottom ?? 0),
    };
  };
  const scroll = scrollToFit(measure());
  if (scroll > 0) window.scrollBy({ top: scroll, behavior: 'instant' });
  const measures = measure();
  const viewportTop = overlayTop(measures);
  // PrimeReact positions the pop-up absolutely in <body>: document coordinates. Only what changes is
  // written, as each write is a change the observer below hears.
  const top = `${Math.round(viewportTop + window.scrollY)}px`;
  const origin = viewportTop < measures.anchorTop ? 'bottom' : 'top';
  if (overlay.style.top !== top) overlay.style.top = top;
  if (overlay.style.transformOrigin !== origin) overlay.style.transformOrigin = origin;
}

/**
 * Keeps an open pop-up clear of the top bar, now and each time PrimeReact aligns it again (another
 * view, a scroll inside the page). Returns the function that stops watching, for when it closes.
 */
export function keepOverlayInView(overlay: HTMLElement, anchor: HTMLElement): () => void {
  place(overlay, anchor);
  const observer = new MutationObserver(() => place(overlay, anchor));
  observer.observe(overlay, { attributes: true, attributeFilter: ['style'] });
  return () => observer.disconnect();
}
