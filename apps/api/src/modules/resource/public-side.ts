import type { Area, FieldTable } from '@gestor/shared';
import type { z } from 'zod';
import type { Params } from './list-query';

// Decision 047: what an area shows the website, stated in the area's own declaration (`publicSide`).
// The public API (modules/public) builds its routes, reads, previews and sitemap from the registry's
// declarations; the fields themselves come from the field table (`public: true`).

/** One of the area's own public values: its SQL (the record is `t`) and how the answer reads it. */
export interface OwnColumn {
  sql: string;
  /**
   * The record's fields it is computed from: an edit of one of them changes what the website reads
   * (webhooks announce it). Absent: it changes by other records' writes alone (a count).
   */
  from?: readonly string[];
  /** A JSON list of media rows (public-media.ts's publicMediaSql), read as public media objects. */
  media?: 'list';
  /** From the row's value to the answer's (default: as it comes, or null). */
  read?: (value: unknown) => unknown;
}

/**
 * A moment at which a record changes what the website shows by time alone, with no write (a
 * scheduled item's publication, a slide's window opening): the records whose `condition` holds, at
 * the instant `at` (SQL over the alias `t`). A condition may ask for `at > t.updated_at` where a write
 * can set a moment already past: that write was announced itself.
 */
export interface TimedChange {
  condition: string;
  at: string;
  /** What it is to the webhooks when not the area's `published` (or `changed`): an event's end unpublishes it. */
  kind?: 'unpublished';
}

/** A query parameter's condition on the record `t` (its value already checked by the area's query schema). */
export type PublicFilter = (value: string, params: Params) => string;

/** What an area declares of its public side; its table and field table are the area's. */
export interface PublicSideDeclaration {
  /** Under /api/public/v1: `/pages` lists, `/pages/{slug}` reads one. */
  path: string;
  /** When a record is public now: SQL on `t`, evaluated at the statement's now() (no job runs). */
  condition: string;
  /** A list's order (SQL on `t`). */
  order: string;
  /** The list's query string (shared: the OpenAPI document describes it); anything else is a 422. */
  query: z.ZodType<Record<string, string | undefined>>;
  /** The list's filters, by query parameter. */
  filters?: Record<string, PublicFilter>;
  /** Spanish full text (`search`): its condition and its rank; best matches first. */
  search?: { condition(param: string): string; rank(param: string): string };
  /** The area's own public values (what no single field holds), as its answer's schema names them. */
  own?: Record<string, OwnColumn>;
  /** The answer has no `updated_at` (as its schema says: publicSchemasOf's option). */
  updatedAt?: false;
  /**
   * The moments its answers change with no write (a scheduled item's time, a slide's window, an
   * event's end): the public cache is emptied when the soonest comes (decision 022), and each that
   * comes is announced once to the webhooks.
   */
  changesAt?: readonly TimedChange[];
  /** An unfiltered list's total, cheaper than counting (news: kept by triggers). */
  total?: string;
  /**
   * Where an unsearched list reads its rows from, when narrower than the table: the conditions asked
   * for and how many rows the page needs in all (news: the newest from each index, decision 042).
   */
  source?: (conditions: string[], count: string) => string;
  /** Not paginated, no record of its own: at most this many, in order (slides). */
  limit?: number;
  /** No address on the website (`url`), so not in the sitemap either. */
  url?: false;
  /** The sitemap's order (default: by slug); `last`: after the smaller areas, cut by the limit. */
  sitemap?: { order: string; last?: true };
}

/** An area's public side whole: its declaration, and its name, table and field table. */
export interface PublicArea extends PublicSideDeclaration {
  area: Area;
  table: string;
  fields: FieldTable;
}
