import { PER_PAGE_DEFAULT, PER_PAGE_MAX, type ResourceContract, type ValidationErrors } from '@gestor/shared';
import { ValidationError } from '../../lib/http-errors';
import { refuseNulParameters } from '../../lib/validate';

// ?page=1&per_page=15&sort=-updated_at,name&search=texto&filter[field]=value
// Unknown sort or filter fields and bad values are a 422, never a 500 (docs/http-api.md).

export interface ListQuery {
  page: number;
  perPage: number;
  sort: Array<{ key: string; descending: boolean }>;
  /** The client asked for an order (else the contract's default, or best matches first when searching). */
  sortGiven: boolean;
  search: string | null;
  filters: Record<string, unknown>;
}

const first = (value: unknown): string | undefined =>
  Array.isArray(value) ? (value[0] as string | undefined) : (value as string | undefined);

function positiveInt(raw: string | undefined, fallback: number): number | null {
  if (raw === undefined || raw === '') return fallback;
  return /^\d{1,9}$/.test(raw) && Number(raw) >= 1 ? Number(raw) : null;
}

export function parseListQuery(contract: ResourceContract, query: Record<string, unknown>): ListQuery {
  // U+0000 in any parameter (search, sort, a filter value…), first: as every request (a saved view's
  // stored query too).
  refuseNulParameters(query);

  const errors: ValidationErrors = {};
  const page = positiveInt(first(query.page), 1);
  if (page === null) errors.page = ['El parámetro page debe ser un número entero mayor que cero.'];
  const perPage = positiveInt(first(query.per_page), PER_PAGE_DEFAULT);
  if (perPage === null || perPage > PER_PAGE_MAX) {
    errors.per_page = [`El parámetro per_page debe ser un número entero entre 1 y ${PER_PAGE_MAX}.`];
  }

  const sort: ListQuery['sort'] = [];
  for (const part of (first(query.sort) || contract.defaultSort).split(',')) {
    const key = part.trim().replace(/^-/, '');
    if (!key) continue;
    if (!contract.sortable.includes(key)) {
      errors.sort = [`No se puede ordenar por «${key}». Campos admitidos: ${contract.sortable.join(', ')}.`];
      break;
    }
    sort.push({ key, descending: part.trim().startsWith('-') });
  }

  const searchRaw = first(query.search)?.trim() ?? '';
  if (searchRaw.length > 100) errors.search = ['La búsqueda no debe tener más de 100 caracteres.'];

  const filters: Record<string, unknown> = {};
  for (const [name, raw] of Object.entries(query)) {
    const match = /^filter\[([^\]]*)\]$/.exec(name);
    if (!match && name !== 'filter') continue;
    const field = match?.[1] ?? '';
    // Own keys only: `filter[constructor]` must not find Object.prototype.constructor.
    const schema = Object.hasOwn(contract.filters, field)
      ? (contract.filters as Record<string, import('zod').ZodType>)[field]
      : undefined;
    if (!schema) {
      const allowed = Object.keys(contract.filters);
      errors[`filter.${field}`] = [
        `No se puede filtrar por «${field}».${allowed.length ? ` Filtros admitidos: ${allowed.join(', ')}.` : ''}`,
      ];
      continue;
    }
    const value = first(raw);
    if (value === undefined || value === '') continue;
    const parsed = schema.safeParse(value);
    if (!parsed.success)
      errors[`filter.${field}`] = [parsed.error.issues[0]?.message ?? 'Valor de filtro no válido.'];
    else filters[field] = parsed.data;
  }

  if (Object.keys(errors).length) throw new ValidationError(errors);
  return {
    page: page!,
    perPage: perPage!,
    sort,
    sortGiven: Boolean(first(query.sort)),
    search: searchRaw || null,
    filters,
  };
}

/** Collects parameters while a statement is built: each call returns its $n placeholder. */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

export const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);
