import { AREA_LABELS } from '@gestor/shared/permissions';
import { SEARCH_MIN_LENGTH, type SearchGroup } from '@gestor/shared/search';
import { Dialog } from 'primereact/dialog';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useCan } from '../../../lib/permissions';
import { useSearch } from '../api/get-search';
import { Highlighted } from './highlighted';
import {
  listPath,
  matchingCommands,
  type PaletteCommand,
  paletteCommands,
  recordPath,
  type SearchedAreaEntry,
} from './search-commands';
import './search-palette.css';

// The Ctrl+K palette (issue 20; decision 029): ARIA 1.2's combobox with a listbox popup. Focus stays
// in the text field; arrows move `aria-activedescendant` through the options, Enter opens the active
// one, Escape closes the dialog. Results come grouped by area, then the commands.

/** Typing settles for this long before a request (each key press would be one otherwise). */
const DEBOUNCE_MS = 150;

type PaletteOption =
  | { kind: 'record'; id: string; to: string; group: SearchGroup; item: SearchGroup['items'][number] }
  | { kind: 'all'; id: string; to: string; group: SearchGroup }
  | { kind: 'command'; id: string; to: string; command: PaletteCommand };

function useDebounced(value: string, delay: number) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/** One empty answer, so the options stay the same object until something changes. */
const NO_GROUPS: SearchGroup[] = [];

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export function SearchPalette({
  open,
  onClose,
  areas,
}: {
  open: boolean;
  onClose: () => void;
  areas: readonly SearchedAreaEntry[];
}) {
  const navigate = useNavigate();
  const can = useCan();
  const baseId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const trimmed = useDebounced(text, DEBOUNCE_MS).trim();
  const searched = trimmed.length >= SEARCH_MIN_LENGTH ? trimmed : null;
  const search = useSearch(open ? searched : null);
  const groups = searched && search.data ? search.data : NO_GROUPS;
  const shownQuery = searched ?? '';

  const commands = useMemo(
    () => matchingCommands(paletteCommands(areas, can), text.trim()),
    [areas, can, text],
  );
  const iconOf = useMemo(() => new Map(areas.map((entry) => [entry.area, entry.icon])), [areas]);

  const options: PaletteOption[] = useMemo(
    () => [
      ...groups.flatMap((group): PaletteOption[] => [
        ...group.items.map(
          (item): PaletteOption => ({
            kind: 'record',
            id: `${baseId}-${group.area}-${item.id}`,
            to: recordPath(group.area, item.key),
            group,
            item,
          }),
        ),
        { kind: 'all', id: `${baseId}-${group.area}-all`, to: listPath(group.area, shownQuery), group },
      ]),
      ...commands.map(
        (command): PaletteOption => ({
          kind: 'command',
          id: `${baseId}-${command.id}`,
          to: command.to,
          command,
        }),
      ),
    ],
    [groups, commands, baseId, shownQuery],
  );

  // A new list of options starts at its first one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the options change.
  useEffect(() => setActive(0), [options]);
  const activeOption = options[Math.min(active, options.length - 1)];

  useEffect(() => {
    if (!activeOption) return;
    document.getElementById(activeOption.id)?.scrollIntoView({ block: 'nearest' });
  }, [activeOption]);

  const choose = (option: PaletteOption | undefined) => {
    if (!option) return;
    setText('');
    onClose();
    void navigate(option.to);
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    const last = options.length - 1;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((index) => (index >= last ? 0 : index + 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((index) => (index <= 0 ? last : index - 1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(activeOption);
    }
  };

  const recordCount = groups.reduce((sum, group) => sum + group.total, 0);
  const announcement = (() => {
    if (searched === null) {
      return text.trim().length > 0
        ? `Escriba al menos ${SEARCH_MIN_LENGTH} caracteres para buscar. ${plural(commands.length, 'acción disponible', 'acciones disponibles')}.`
        : '';
    }
    if (search.isError) return 'No se ha podido buscar. Inténtelo de nuevo.';
    if (search.isFetching && !search.data) return 'Buscando…';
    const found =
      groups.length === 0
        ? `Sin resultados para «${searched}»`
        : `${plural(recordCount, 'resultado', 'resultados')} en ${plural(groups.length, 'área', 'áreas')}`;
    return `${found}. ${plural(commands.length, 'acción', 'acciones')}.`;
  })();

  const listboxId = `${baseId}-listbox`;
  return (
    <Dialog
      visible={open}
      onHide={() => {
        setText('');
        onClose();
      }}
      onShow={() => inputRef.current?.focus()}
      header="Buscar"
      className="search-palette"
      position="top"
      dismissableMask
      blockScroll
    >
      <div className="search-palette-field">
        <i className="pi pi-search" aria-hidden="true" />
        <label htmlFor={`${baseId}-input`} className="sr-only">
          Buscar en todas las áreas o elegir una acción
        </label>
        <input
          ref={inputRef}
          id={`${baseId}-input`}
          type="text"
          role="combobox"
          aria-expanded={options.length > 0}
          aria-controls={listboxId}
          aria-autocomplete="list"
          aria-activedescendant={activeOption?.id}
          aria-describedby={`${baseId}-hint`}
          autoComplete="off"
          spellCheck={false}
          placeholder="Buscar noticias, páginas, usuarios… o una acción"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
        />
      </div>
      <p id={`${baseId}-hint`} className="search-palette-hint">
        Flechas para moverse, Intro para abrir, Esc para cerrar.
      </p>
      <output className="sr-only" aria-live="polite">
        {announcement}
      </output>
      {searched !== null && !search.isFetching && groups.length === 0 && !search.isError && (
        <p className="search-palette-empty">Sin resultados para «{searched}».</p>
      )}
      {search.isError && searched !== null && (
        <p className="search-palette-empty">No se ha podido buscar. Inténtelo de nuevo.</p>
      )}
      <div id={listboxId} role="listbox" aria-label="Resultados y acciones" className="search-palette-list">
        {groups.map((group) => (
          // ARIA 1.2: a listbox's options may be grouped by role="group" (a fieldset may not be there).
          // biome-ignore lint/a11y/useSemanticElements: see above.
          <div key={group.area} role="group" aria-labelledby={`${baseId}-${group.area}-label`}>
            <div id={`${baseId}-${group.area}-label`} role="presentation" className="search-palette-group">
              <i className={iconOf.get(group.area) ?? 'pi pi-folder'} aria-hidden="true" />
              {AREA_LABELS[group.area]}
            </div>
            {options
              .filter((option) => option.kind !== 'command' && option.group === group)
              .map((option) => (
                <Option
                  key={option.id}
                  option={option}
                  query={shownQuery}
                  icon={iconOf.get(group.area) ?? 'pi pi-folder'}
                  selected={option === activeOption}
                  onChoose={() => choose(option)}
                />
              ))}
          </div>
        ))}
        {commands.length > 0 && (
          // biome-ignore lint/a11y/useSemanticElements: a listbox's group (see above).
          <div role="group" aria-labelledby={`${baseId}-commands-label`}>
            <div id={`${baseId}-commands-label`} role="presentation" className="search-palette-group">
              <i className="pi pi-bolt" aria-hidden="true" />
              Acciones
            </div>
            {options
              .filter((option) => option.kind === 'command')
              .map((option) => (
                <Option
                  key={option.id}
                  option={option}
                  query={text.trim()}
                  icon={option.command.icon}
                  selected={option === activeOption}
                  onChoose={() => choose(option)}
                />
              ))}
          </div>
        )}
      </div>
    </Dialog>
  );
}

function Option({
  option,
  query,
  icon,
  selected,
  onChoose,
}: {
  option: PaletteOption;
  query: string;
  icon: string;
  selected: boolean;
  onChoose: () => void;
}) {
  return (
    // Options are chosen by the combobox's keys (focus stays in the field) or by pointer.
    // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox handles the keyboard (ARIA 1.2).
    <div
      id={option.id}
      role="option"
      aria-selected={selected}
      tabIndex={-1}
      className={`search-palette-option${selected ? ' search-palette-option-active' : ''}`}
      onMouseDown={(event) => event.preventDefault()}
      onClick={onChoose}
    >
      {option.kind === 'record' && (
        <>
          <i className={icon} aria-hidden="true" />
          <span className="search-palette-text">
            <span className="search-palette-title">
              <span>
                <Highlighted text={option.item.title} query={query} />
              </span>
              {option.item.status && <span className="search-palette-status">{option.item.status}</span>}
            </span>
            {option.item.context && (
              <span className="search-palette-context">
                <Highlighted text={option.item.context} query={query} />
              </span>
            )}
          </span>
        </>
      )}
      {option.kind === 'all' && (
        <>
          <i className="pi pi-arrow-right" aria-hidden="true" />
          <span className="search-palette-all">
            Ver todos en {AREA_LABELS[option.group.area]} ({option.group.total})
          </span>
        </>
      )}
      {option.kind === 'command' && (
        <>
          <i className={icon} aria-hidden="true" />
          <span className="search-palette-title">
            <Highlighted text={option.command.label} query={query} />
          </span>
        </>
      )}
    </div>
  );
}
