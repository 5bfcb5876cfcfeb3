import { cleanupEfficiency, DIFF_DELETE, DIFF_INSERT, makeDiff } from '@sanity/diff-match-patch';

// Decision 025: a long text (a news item's body) changes by a sentence at a time, so a version keeps
// the edit, not the whole text again. The differences come from diff-match-patch (Apache-2.0); what is
// stored is an exact edit script over the previous text, never applied fuzzily: a number n > 0 keeps
// n characters, n < 0 drops -n, a string inserts itself. Applying it to any other text than the one it
// was made from is refused (a broken history must say so, not produce a wrong version).

export type TextPatch = Array<number | string>;

/** Texts shorter than this are stored whole: a patch would save nothing worth its reading. */
export const PATCHED_TEXT_MIN = 1000;

// A diff of two very different long texts gives up after this long and returns a coarser one (still
// exact): a rewritten body must not hold the write's transaction for seconds.
const DIFF_TIMEOUT_S = 0.1;

/** A lone half of a surrogate pair, which JSON in PostgreSQL refuses. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The edit script from `before` to `after`, or null when storing `after` whole is as small (a
 * rewrite) or the script would split a character in two.
 */
export function makeTextPatch(before: string, after: string): TextPatch | null {
  const diffs = cleanupEfficiency(makeDiff(before, after, { timeout: DIFF_TIMEOUT_S }));
  const patch: TextPatch = [];
  for (const [op, text] of diffs) {
    if (op === DIFF_INSERT) {
      if (LONE_SURROGATE.test(text)) return null;
      patch.push(text);
    } else patch.push(op === DIFF_DELETE ? -text.length : text.length);
  }
  return JSON.stringify(patch).length < after.length ? patch : null;
}

/** `before` with the script applied; throws when the script was not made from this text. */
export function applyTextPatch(before: string, patch: TextPatch): string {
  let at = 0;
  let out = '';
  for (const step of patch) {
    if (typeof step === 'string') out += step;
    else if (step > 0) {
      if (at + step > before.length) throw new Error('text patch: keeps past the end');
      out += before.slice(at, at + step);
      at += step;
    } else {
      if (at - step > before.length) throw new Error('text patch: drops past the end');
      at -= step;
    }
  }
  if (at !== before.length) throw new Error('text patch: made from another text');
  return out;
}

/**
 * What the history shows of a long text's change (its `from` and `to`): only the part that changed,
 * with a little of what surrounds it, read as plain text when the change is in the words. An edit of
 * one sentence in a 50 kB body stores a few hundred characters, not the body twice.
 */
export function changeExcerpt(from: string, to: string): { from: string; to: string } {
  const plainFrom = plainText(from);
  const plainTo = plainText(to);
  const [a, b] = plainFrom !== plainTo ? [plainFrom, plainTo] : [from, to];
  let start = 0;
  const shortest = Math.min(a.length, b.length);
  while (start < shortest && a[start] === b[start]) start++;
  let end = 0;
  while (end < shortest - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end++;
  const excerpt = (text: string) => {
    const from = Math.max(0, start - EXCERPT_CONTEXT);
    const changed = text.slice(start, text.length - end);
    const middle =
      changed.length > EXCERPT_CHANGED
        ? `${changed.slice(0, EXCERPT_CHANGED / 2)}…${changed.slice(-EXCERPT_CHANGED / 2)}`
        : changed;
    const after = text.slice(text.length - end, text.length - end + EXCERPT_CONTEXT);
    return `${from > 0 ? '…' : ''}${text.slice(from, start)}${middle}${after}${text.length - end + EXCERPT_CONTEXT < text.length ? '…' : ''}`;
  };
  return { from: excerpt(a), to: excerpt(b) };
}

const EXCERPT_CONTEXT = 60;
const EXCERPT_CHANGED = 240;

/** Markup out, entities and spaces as people read them. */
function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}
