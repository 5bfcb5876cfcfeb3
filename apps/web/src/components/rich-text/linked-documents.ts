import {
  type LinkedDocument,
  MEDIA_FILE_FILTER_MAX,
  type MediaRecord,
  storedMediaName,
} from '@gestor/shared';
import { type UseQueryResult, useQueries } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useCan } from '../../lib/permissions';
import { mediaByFileQuery } from '../media/media-api';

// docs/accessibility.md#documentos: a link to a document of the library carries the document's
// issues, as its upload's check found them, as warnings, in the editor as in the server's report.
// The server knows every document; the editor asks for the ones a body names, once each: a name
// is asked about when it first appears in the body (one request for all that appear together),
// and what the answer says is kept for the rest of the editing.

const HREF = /\shref\s*=\s*"([^"]*)"/gi;

/**
 * The stored names («<32 hex>.pdf») of the library files the body's links point at, each once, in
 * the order they appear: the `href="…"` attributes of the serialized HTML (the editor's and the
 * sanitizer's are double-quoted) whose address ends in one.
 */
export function linkedMediaNames(html: string): string[] {
  const names = new Set<string>();
  for (const [, href] of html.matchAll(HREF)) {
    // An address in an attribute has its `&` escaped; the name at its end has none.
    const name = storedMediaName((href ?? '').replace(/&amp;/g, '&').trim());
    if (name) names.add(name);
  }
  return [...names];
}

/** Names in groups the list's filter takes at once (MEDIA_FILE_FILTER_MAX), each group sorted. */
export function nameBatches(names: readonly string[], size = MEDIA_FILE_FILTER_MAX): string[][] {
  const batches: string[][] = [];
  for (let start = 0; start < names.length; start += size) {
    batches.push(names.slice(start, start + size).sort());
  }
  return batches;
}

/**
 * `documentOf` for checkAccessibility, from the library items found: an address is a document's
 * when it is exactly that item's address (the same stored name under another address is not the
 * library's file), as the server reads it.
 */
export function documentLookup(items: readonly MediaRecord[]): (href: string) => LinkedDocument | null {
  const byName = new Map(items.map((item) => [item.file, item] as const));
  return (href) => {
    const name = storedMediaName(href);
    const item = name ? byName.get(name) : undefined;
    return item && item.url === href ? { name: item.original_name, check: item.document_check } : null;
  };
}

const NO_ITEMS: readonly MediaRecord[] = [];

// Stable: TanStack Query runs it again only when an answer changes, so its result (and the lookup
// built from it) keeps its identity between renders and the findings are not checked again for nothing.
const combineItems = (results: UseQueryResult<MediaRecord[]>[]): readonly MediaRecord[] => {
  const items = results.flatMap((result) => result.data ?? []);
  return items.length ? items : NO_ITEMS;
};

export interface LinkedDocuments {
  /** The lookup checkAccessibility is given; undefined without `multimedia.view` (links as text only). */
  documentOf: ((href: string) => LinkedDocument | null) | undefined;
  /** Asks about the names in `html` not asked about yet, in one request; nothing when none is new. */
  ask: (html: string) => void;
}

/**
 * The library's documents a body links to, for the editor's check. Only with `multimedia.view`: the
 * SPA never sends a request that would get a 403, and without it links are checked as text only.
 * `documentOf` changes identity when an answer arrives, so the findings can be checked again.
 */
export function useLinkedDocuments(): LinkedDocuments {
  const allowed = useCan()('multimedia.view');
  const asked = useRef(new Set<string>());
  const [batches, setBatches] = useState<readonly string[][]>([]);
  const items = useQueries({
    queries: batches.map((batch) => ({ ...mediaByFileQuery(batch), enabled: allowed })),
    combine: combineItems,
  });

  const ask = useCallback(
    (html: string) => {
      if (!allowed) return;
      const fresh = linkedMediaNames(html).filter((name) => !asked.current.has(name));
      if (!fresh.length) return;
      for (const name of fresh) asked.current.add(name);
      setBatches((previous) => [...previous, ...nameBatches(fresh)]);
    },
    [allowed],
  );
  const documentOf = useMemo(() => (allowed ? documentLookup(items) : undefined), [allowed, items]);
  return { documentOf, ask };
}
