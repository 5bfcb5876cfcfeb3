import { FilterService } from 'primereact/api';
import { Dropdown, type DropdownProps } from 'primereact/dropdown';
import { useEffect, useState } from 'react';
import {
  moreResultsNote,
  type OptionValue,
  type RecordOptions,
  resultsAnnouncement,
  type SearchedOption,
} from './record-options';
import { useRecordSearch } from './use-record-options';
import './options.css';

// PrimeReact's Dropdown filters its options itself, by their label, as the person types. Here the
// server has already searched (a user by name or email, accents aside), so each option carries
// whether it answers the search (`SearchedOption.match`) and the dropdown filters by that field with
// this rule: FilterService.register is PrimeReact's way to add a filter rule. The dropdown's own
// search box, its keyboard handling and its "No hay resultados" stay as they are.
const SEARCH_MATCH = 'gestorSearchMatch';
FilterService.register(SEARCH_MATCH, (match: unknown) => match === true);
const MATCH_FIELD: keyof SearchedOption<OptionValue> = 'match';

/** The API refuses a longer search (422). */
const SEARCH_MAX_LENGTH = 100;

export interface RecordSearchDropdownProps<R, V extends OptionValue>
  extends Omit<DropdownProps, 'options' | 'optionLabel' | 'optionValue' | 'filter' | 'value'> {
  /** The area searched on the server (`recordOptions(USERS, …)`). */
  search: RecordOptions<R, V>;
  /** Choices that are no record, offered before the matches (the author filter's "Mis noticias"). */
  options?: readonly { label: string; value: V }[];
  value: V | null;
  /** The control's label, which names the search box ("Buscar en «Autor»"). */
  label: string;
}

/**
 * A dropdown over the records of a large area: it asks the API for the first page of matches as the
 * person types (after a pause), says when there are more than it shows, and keeps the chosen record
 * named even when it is not among them (fetched by its value when never seen). Without
 * `<area>.view` it offers only `options` and asks nothing.
 *
 * Accessibility: the search box is named after the control and limited to what the API accepts;
 * the number of matches is announced in a polite live region once they arrive, since PrimeReact's
 * Dropdown announces nothing while the person types.
 */
export function RecordSearchDropdown<R, V extends OptionValue>({
  search: spec,
  options: fixed = [],
  value,
  label,
  pt,
  onShow,
  onFocus,
  ...dropdown
}: RecordSearchDropdownProps<R, V>) {
  const selected = value === null || value === undefined ? [] : [value];
  const search = useRecordSearch(spec, { fixed, selected });
  const matches = search.options.filter((option) => option.match).length;
  const [announcement, setAnnouncement] = useState('');
  const { answered } = search;

  useEffect(() => {
    setAnnouncement(answered ? resultsAnnouncement(matches) : '');
  }, [answered, matches]);

  if (!search.allowed) {
    return (
      <Dropdown
        {...dropdown}
        value={value}
        options={search.options}
        optionLabel="label"
        optionValue="value"
        onShow={onShow}
        onFocus={onFocus}
        pt={pt}
      />
    );
  }

  const note = moreResultsNote(search.shown, search.total);
  return (
    <>
      <Dropdown
        {...dropdown}
        value={value}
        options={search.options}
        optionLabel="label"
        optionValue="value"
        filter
        filterBy={MATCH_FIELD}
        // One of PrimeReact's named rules in its types; the registered one above at run time.
        filterMatchMode={SEARCH_MATCH as DropdownProps['filterMatchMode']}
        onFilter={(event) => search.onSearch(event.filter)}
        // Opening the list puts the cursor in the search box: type to search, arrows to choose.
        filterInputAutoFocus
        resetFilterOnHide
        filterPlaceholder="Buscar…"
        emptyFilterMessage={search.searching ? 'Buscando…' : 'No hay resultados'}
        emptyMessage={search.searching ? 'Cargando…' : 'No hay opciones'}
        panelFooterTemplate={note ? () => <p className="record-search-note">{note}</p> : undefined}
        onShow={() => {
          search.activate();
          onShow?.();
        }}
        onFocus={(event) => {
          // Focus announces the wish to choose: the first page starts loading before the list opens.
          search.activate();
          onFocus?.(event);
        }}
        pt={{
          ...pt,
          filterInput: { 'aria-label': `Buscar en «${label}»`, maxLength: SEARCH_MAX_LENGTH },
        }}
      />
      <span className="sr-only" aria-live="polite" aria-atomic="true">
        {announcement}
      </span>
    </>
  );
}
