import { type FieldTable, type PublicField, publicFieldsOf } from '@gestor/shared';
import type { MediaUrls } from '../multimedia/media-refs';
import type { MediaLinks } from '../resource/media-links';
import type { OwnColumn } from '../resource/public-side';
import { publicMedia, publicMediaByIdSql, referenceAltSql } from './public-media';

// Decision 047: what the public API reads of an area and how it answers it, derived from the field
// table (`public: true`, packages/shared/src/public-fields.ts), in the same order as the answer's
// schema. The area adds only what is its own: values no single field holds, each with its SQL.

type Row = Record<string, unknown>;

/** What the projection reads: the area's table, its field table and own values, and its address. */
export interface PublicSide {
  table: string;
  fields: FieldTable;
  own?: Record<string, OwnColumn>;
  updatedAt?: false;
  /** The record's address on the website, from its slug; false: the answer has no `url`. */
  url: ((slug: string) => string | null) | false;
}

export interface PublicProjection {
  /** The SELECT list (the record is `t`): a list item's, or with `whole` the record's own read's. */
  columns(whole: boolean): string;
  /** The answer, from a row those columns read. */
  read(row: Row, whole: boolean): Row;
}

/** A timestamp as the answers write it (ISO 8601, UTC), or null. */
export const iso = (value: unknown) =>
  value instanceof Date ? value.toISOString() : value ? String(value) : null;

export function publicProjection(
  side: PublicSide,
  { urls, media }: { urls: MediaUrls; media: MediaLinks },
): PublicProjection {
  const fields = publicFieldsOf(side.fields);
  const own = Object.entries(side.own ?? {});
  const mediaOf = (name: string) => `${name}__media`;

  const columnOf = (field: PublicField): string => {
    switch (field.kind) {
      case 'media':
        return `${publicMediaByIdSql(
          `t.${field.name}_id`,
          field.alternative ? referenceAltSql('t', field.name, 'm') : undefined,
        )} AS ${field.name}`;
      case 'html':
        return `t.${field.name}, ${media.richTextMediaSql(side.table, 't.id')} AS ${mediaOf(field.name)}`;
      default:
        return `t.${field.name}`;
    }
  };
  const answerOf = (field: PublicField, row: Row): unknown => {
    const value = row[field.name];
    switch (field.kind) {
      case 'media':
        return publicMedia(urls, value);
      case 'html':
        return media.readRichText((value as string | null) ?? '', row[mediaOf(field.name)]);
      case 'instant':
        return iso(value);
      default:
        return value ?? null;
    }
  };

  const ownAnswer = (column: OwnColumn, value: unknown) => {
    if (column.media === 'list')
      return ((value as unknown[] | null) ?? []).map((item) => publicMedia(urls, item));
    return column.read ? column.read(value) : (value ?? null);
  };

  const listed = (whole: boolean) => fields.filter((field) => whole || field.inList);
  const columns = new Map<boolean, string>();
  const columnsOf = (whole: boolean) => {
    const list = listed(whole).map(columnOf);
    for (const [name, column] of own) list.push(`${column.sql} AS ${name}`);
    if (side.updatedAt !== false) list.push('t.updated_at');
    if (side.url && !fields.some((field) => field.name === 'slug')) list.push('t.slug');
    return list.join(',\n  ');
  };

  return {
    columns(whole) {
      let text = columns.get(whole);
      if (text === undefined) {
        text = columnsOf(whole);
        columns.set(whole, text);
      }
      return text;
    },
    read(row, whole) {
      const answer: Row = {};
      for (const field of listed(whole)) answer[field.name] = answerOf(field, row);
      for (const [name, column] of own) answer[name] = ownAnswer(column, row[name]);
      if (side.updatedAt !== false) answer.updated_at = iso(row.updated_at);
      if (side.url) answer.url = side.url(row.slug as string);
      return answer;
    },
  };
}
