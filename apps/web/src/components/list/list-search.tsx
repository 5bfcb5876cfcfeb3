import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';
import { useEffect, useId, useRef, useState } from 'react';

export const SEARCH_DEBOUNCE_MS = 300;

interface ListSearchProps {
  /** The search in the URL. */
  value: string;
  placeholder: string;
  onSearch: (search: string) => void;
  /** Its visible label: «Buscar», or more where a screen has several (one per question). */
  label?: string;
}

/** A search box that asks the list to change only after 300 ms without typing. */
export function ListSearch({ value, placeholder, onSearch, label = 'Buscar' }: ListSearchProps) {
  const id = useId();
  const [text, setText] = useState(value);
  const sent = useRef(value);
  const onSearchRef = useRef(onSearch);
  onSearchRef.current = onSearch;

  // Back/forward or a link changed the URL: show its search. An echo of what this box just sent is
  // ignored, or letters typed while the navigation was in flight would be lost.
  useEffect(() => {
    if (value !== sent.current) setText(value);
    sent.current = value;
  }, [value]);

  useEffect(() => {
    const search = text.trim();
    if (search === sent.current) return;
    const timer = window.setTimeout(() => {
      sent.current = search;
      onSearchRef.current(search);
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text]);

  return (
    <div className="list-search">
      <label htmlFor={id} className="list-control-label">
        {label}
      </label>
      <IconField iconPosition="left">
        <InputIcon className="pi pi-search" aria-hidden="true" />
        <InputText
          id={id}
          type="search"
          value={text}
          placeholder={placeholder}
          maxLength={100}
          onChange={(event) => setText(event.target.value)}
        />
      </IconField>
    </div>
  );
}
