import { Button } from 'primereact/button';
import type { ReactNode } from 'react';

// What an empty list says (issue 16): with no search or filter, what the area is for and the way
// to add the first record; with one, that nothing matched and a way back to the whole list.

export const NO_RESULTS = 'Ningún resultado';
export const CLEAR_FILTERS = 'Quitar filtros';

interface ListEmptyProps {
  /** A search or a filter is narrowing the list. */
  filtered: boolean;
  /** The area's sentence (`ResourceScreens.purpose`). */
  purpose: string;
  /** The header's create control, when the person may create; nothing otherwise. */
  createAction: ReactNode;
  onClear: () => void;
}

export function ListEmpty({ filtered, purpose, createAction, onClear }: ListEmptyProps) {
  if (filtered) {
    return (
      <div className="resource-empty">
        <p className="resource-empty-title">{NO_RESULTS}</p>
        <p className="resource-muted">Nada coincide con la búsqueda o los filtros elegidos.</p>
        <Button type="button" label={CLEAR_FILTERS} icon="pi pi-filter-slash" outlined onClick={onClear} />
      </div>
    );
  }
  return (
    <div className="resource-empty">
      <p className="resource-empty-title">Todavía no hay nada aquí.</p>
      <p className="resource-muted">{purpose}</p>
      {createAction}
    </div>
  );
}
