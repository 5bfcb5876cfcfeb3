// A dialog's first field is focused once its opening animation ends (PrimeReact's onShow). Someone
// already typing in one of the dialog's fields by then (a quick typist, a slow machine) keeps their
// place instead of being sent back to the first field, or having what they typed there selected
// and overwritten. (Until then the focus is on the dialog itself, which PrimeReact focuses at once.)

/** Focuses `field` (selecting its text when `select`) unless a field of its dialog has the focus. */
export function focusOnShow(
  field: HTMLInputElement | HTMLTextAreaElement | null | undefined,
  { select = false } = {},
): void {
  if (!field) return;
  const active = document.activeElement;
  const typing = active?.matches('input, textarea, select, [contenteditable="true"]');
  if (typing && field.closest('.p-dialog')?.contains(active)) return;
  if (select) field.select();
  else field.focus();
}
