// A review's note on the dashboard (docs/review.md): up to 2000 characters, of which a line shows the
// first words; the whole note is in the item's editor.

/** How much of a note the dashboard shows. */
export const NOTE_EXCERPT_MAX = 120;

/** The note on one line, cut at a word before `max` characters, with «…» when cut. */
export function noteExcerpt(note: string, max = NOTE_EXCERPT_MAX): string {
  const line = note.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, '')}…`;
}
