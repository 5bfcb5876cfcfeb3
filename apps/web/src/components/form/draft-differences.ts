import type { FieldTable } from '@gestor/shared';
import { sameValue } from '../../lib/drafts';
import { formatAuditValue } from '../resource/format';

// What a recovered draft changes (issue 19: "showing what differs"), field by field, named by the
// field table: short values side by side, long text as an excerpt around what changed. Pure, so the
// notice (draft-recovery.tsx) only lays it out.

/** A long text's change: the words around it, what was there and what the draft has instead. */
export interface TextChange {
  /** Text before the change was cut off ("…"). */
  leading: boolean;
  before: string;
  removed: string;
  /** Characters of `removed` not shown. */
  removedMore: number;
  added: string;
  addedMore: number;
  after: string;
  trailing: boolean;
}

export type Difference = { field: string; label: string } & (
  | { kind: 'text'; change: TextChange }
  /** Only the markup differs (bold, a link): the words are the same. */
  | { kind: 'format' }
  | { kind: 'value'; from: string; to: string }
  /** A value with no short reading (a chosen image, a test's questions). */
  | { kind: 'changed' }
);

/** How many characters of context each side of a change, and of a change itself, are shown. */
const CONTEXT = 60;
const SHOWN = 300;
/** Text longer than this (or on several lines) is shown as an excerpt, not whole. */
const SHORT_TEXT = 120;
const WORD = /[\p{L}\p{N}]/u;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Rich text as the words a person reads: blocks on their own lines, entities decoded. */
export function plainText(html: string): string {
  return html
    .replace(/<(br|hr)\b[^>]*>/gi, '\n')
    .replace(/<\/(p|h[1-6]|li|blockquote|pre|tr|figcaption)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
      if (name[0] === '#') {
        const code =
          name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
      }
      return ENTITIES[name.toLowerCase()] ?? entity;
    })
    .replace(/[ \t]+/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .replace(/\n{2,}/g, '\n')
    .trim();
}

/** A cut that does not split a word when a space is near. */
function cutStart(text: string, keep: number): { text: string; cut: boolean } {
  if (text.length <= keep) return { text, cut: false };
  let start = text.length - keep;
  const space = text.indexOf(' ', start);
  if (space !== -1 && space - start < 15) start = space + 1;
  return { text: text.slice(start), cut: true };
}

function cutEnd(text: string, keep: number): { text: string; cut: boolean } {
  if (text.length <= keep) return { text, cut: false };
  let end = keep;
  const space = text.lastIndexOf(' ', end);
  if (space !== -1 && end - space < 15) end = space;
  return { text: text.slice(0, end), cut: true };
}

/**
 * The region where two texts differ (common start and end set aside), with some context. One
 * region, from the first difference to the last: an excerpt, not a full diff, and linear in the
 * texts' length (a 200 000-character body costs nothing).
 */
export function textChange(from: string, to: string): TextChange | null {
  if (from === to) return null;
  const shorter = Math.min(from.length, to.length);
  let prefix = 0;
  while (prefix < shorter && from[prefix] === to[prefix]) prefix++;
  let suffix = 0;
  while (suffix < shorter - prefix && from[from.length - 1 - suffix] === to[to.length - 1 - suffix]) {
    suffix++;
  }
  // Whole words: "aprobó" → "aprobado" reads as that word replaced, not as "ó" → "ado".
  while (
    prefix > 0 &&
    WORD.test(from[prefix - 1]!) &&
    (WORD.test(from[prefix] ?? '') || WORD.test(to[prefix] ?? ''))
  ) {
    prefix--;
  }
  while (
    suffix > 0 &&
    WORD.test(from[from.length - suffix]!) &&
    (WORD.test(from[from.length - suffix - 1] ?? '') || WORD.test(to[to.length - suffix - 1] ?? ''))
  ) {
    suffix--;
  }
  const before = cutStart(from.slice(0, prefix), CONTEXT);
  const after = cutEnd(from.slice(from.length - suffix), CONTEXT);
  const removed = from.slice(prefix, from.length - suffix);
  const added = to.slice(prefix, to.length - suffix);
  return {
    leading: before.cut,
    before: before.text,
    removed: removed.slice(0, SHOWN),
    removedMore: Math.max(0, removed.length - SHOWN),
    added: added.slice(0, SHOWN),
    addedMore: Math.max(0, added.length - SHOWN),
    after: after.text,
    trailing: after.cut,
  };
}

export interface DescribeOptions {
  /** The form's field table (decision 018): kinds of values. */
  fields: FieldTable;
  /** Spanish field names (the history's: the table's labels). */
  labels: Record<string, string>;
  /** A named value's Spanish reading ("Publicada"). */
  itemLabel?: (field: string, item: string) => string;
}

/** The fields whose draft value differs from the form's (the record's, or a new record's empty). */
export function draftDifferences(
  current: Record<string, unknown>,
  draft: Record<string, unknown>,
  { fields, labels, itemLabel }: DescribeOptions,
): Difference[] {
  const differences: Difference[] = [];
  for (const [field, now] of Object.entries(current)) {
    if (!Object.hasOwn(draft, field)) continue;
    const kept = draft[field];
    if (sameValue(now, kept)) continue;
    const def = fields[field];
    const label = labels[field] ?? def?.label ?? field;
    const named = (item: string) => itemLabel?.(field, item) ?? item;
    const rich = Boolean(def && 'richText' in def && def.richText);
    if (typeof now === 'string' && typeof kept === 'string') {
      const from = rich ? plainText(now) : now;
      const to = rich ? plainText(kept) : kept;
      if (from === to) {
        differences.push({ field, label, kind: 'format' });
        continue;
      }
      const long = rich || Math.max(from.length, to.length) > SHORT_TEXT || /\n/.test(from + to);
      if (long) {
        const change = textChange(from, to);
        if (change) differences.push({ field, label, kind: 'text', change });
        continue;
      }
    }
    const byId = def && 'ref' in def && def.ref?.by === 'id';
    const structured = [now, kept].some(
      (value) =>
        (value !== null && typeof value === 'object' && !Array.isArray(value)) ||
        (Array.isArray(value) && value.some((item) => item !== null && typeof item === 'object')),
    );
    if (byId || structured) {
      differences.push({ field, label, kind: 'changed' });
      continue;
    }
    differences.push({
      field,
      label,
      kind: 'value',
      from: formatAuditValue(now, named),
      to: formatAuditValue(kept, named),
    });
  }
  return differences;
}
