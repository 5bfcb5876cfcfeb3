import type { Area } from './permissions';

// Global search (issue 20; decision 029): GET /api/search?q=… searches every area the person may
// view. Zod-free, so the SPA's palette can use the highlighting without the schemas.

/** Fewer characters than this (after trimming) is a 422: two letters already match too much. */
export const SEARCH_MIN_LENGTH = 2;
/** A longer text is refused too: nobody types a paragraph into a search box. */
export const SEARCH_MAX_LENGTH = 200;
/** Items shown per area; `total` says how many more the area's list holds. */
export const SEARCH_ITEMS_PER_AREA = 5;

export interface SearchItem {
  id: number;
  /** What the area's SPA route takes: the slug where the area is addressed by slug, else the id. */
  key: string;
  title: string;
  /** A short Spanish label (Borrador, Publicada, Activo…), or null where the area has no status. */
  status: string | null;
  /** A line of the record's text around the first match, or null when only the title matched. */
  context: string | null;
}

export interface SearchGroup {
  area: Area;
  total: number;
  items: SearchItem[];
}

export interface SearchResponse {
  data: SearchGroup[];
}

export const SEARCH_MESSAGES = {
  tooShort: `Escriba al menos ${SEARCH_MIN_LENGTH} caracteres para buscar.`,
  tooLong: `La búsqueda no puede tener más de ${SEARCH_MAX_LENGTH} caracteres.`,
} as const;

/** The Spanish message for a search text that cannot be searched, or null when it can. */
export function searchTextProblem(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed.length < SEARCH_MIN_LENGTH) return SEARCH_MESSAGES.tooShort;
  if (trimmed.length > SEARCH_MAX_LENGTH) return SEARCH_MESSAGES.tooLong;
  return null;
}

// The same letters as the database's gestor_fold (migration 0002), one character for one, so a
// position in the folded text is the same position in the original.
const ACCENTED = 'áàâäãåāéèêëēíìîïīóòôöõøōúùûüūñçýÿ';
const PLAIN = 'aaaaaaaeeeeeiiiiiooooooouuuuuncyy';

/** Lower case without accents, keeping the length (each character folded on its own). */
export function foldText(text: string): string {
  let folded = '';
  for (const character of text) {
    const lower = character.toLowerCase();
    const single = lower.length === character.length ? lower : character;
    const at = ACCENTED.indexOf(single);
    folded += at >= 0 ? PLAIN[at] : single;
  }
  return folded;
}

const WORD = /[\p{L}\p{N}]+/gu;

/**
 * Where the words of `query` occur in `text`, accent- and case-insensitively: each stretch of text
 * from a word's start that begins with a searched word (so "biblioteca" marks "bibliotecas", as the
 * Spanish full text finds it), or with the word less its plural ending ("bibliotecas" marks
 * "biblioteca"). Sorted, not overlapping.
 */
export function matchRanges(text: string, query: string): Array<[start: number, end: number]> {
  const folded = foldText(text);
  const words = [...foldText(query).matchAll(WORD)].map(([word]) => word);
  // Short words ("de", "la") would mark half the text; they count only when nothing else was typed.
  const meaningful = words.filter((word) => word.length > 2);
  const stems = (meaningful.length ? meaningful : words).map((word) =>
    word.length > 4 ? word.replace(/e?s$/, '') : word,
  );
  const ranges: Array<[number, number]> = [];
  for (const match of folded.matchAll(WORD)) {
    const word = match[0];
    if (stems.some((stem) => word.startsWith(stem))) ranges.push([match.index, match.index + word.length]);
  }
  return ranges;
}

/**
 * A line of `text` around its first match (about `width` characters, cut at spaces, with "…" where
 * cut), or null when the words do not occur in it.
 */
export function contextAround(text: string, query: string, width = 140): string | null {
  const line = text.replace(/\s+/g, ' ').trim();
  const [first] = matchRanges(line, query);
  if (!first) return null;
  const lead = Math.floor(width / 3);
  let start = Math.max(0, first[0] - lead);
  let end = Math.min(line.length, start + width);
  if (start > 0) {
    const space = line.indexOf(' ', start);
    start = space >= 0 && space < first[0] ? space + 1 : start;
  }
  if (end < line.length) {
    const space = line.lastIndexOf(' ', end);
    end = space > first[1] ? space : end;
  }
  return `${start > 0 ? '…' : ''}${line.slice(start, end)}${end < line.length ? '…' : ''}`;
}
