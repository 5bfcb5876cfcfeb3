// WAI-ARIA APG "Toolbar": one button of the toolbar is in the Tab order; the arrow keys move between
// its buttons (wrapping), Home and End go to the first and the last.

/** The index the focus moves to for `key`, or null when the key is not the toolbar's. */
export function rovingTarget(key: string, current: number, count: number): number | null {
  if (count <= 0) return null;
  switch (key) {
    case 'ArrowRight':
      return (current + 1) % count;
    case 'ArrowLeft':
      return (current - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}
