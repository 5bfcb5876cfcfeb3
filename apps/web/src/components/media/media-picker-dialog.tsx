import {
  formatFileSize,
  MEDIA_KIND_LABELS,
  MEDIA_KINDS,
  type MediaKind,
  type MediaRecord,
  MULTIMEDIA,
} from '@gestor/shared';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { Paginator } from 'primereact/paginator';
import { useEffect, useId, useState } from 'react';
import { errorMessage } from '../../lib/form-errors';
import { useCan } from '../../lib/permissions';
import { useMediaQuery } from '../../lib/use-media-query';
import { ListSearch } from '../list/list-search';
import type { ListState } from '../resource/list-state';
import { Notice } from '../ui/notice';
import { FileDropArea } from './file-drop';
import { FileInputButton } from './file-input-button';
import { useMediaList } from './media-api';
import { extensionOf, kindOf } from './media-kind';
import { MediaThumbnail } from './media-thumbnail';
import { pickerEmptyMessage, UPLOAD_LABEL } from './picker-empty';
import { UploadProgress } from './upload-progress';
import { useUploadQueue } from './use-upload-queue';
import './media.css';

// The media library as a dialog, for every area's forms (docs/areas.md#multimedia: "a media picker
// dialog (pick or upload) that every other area uses for its images"). Searching, the type filter,
// paging and uploading happen inside; the chosen items go back through `onPick`.

export const PICKER_PAGE_SIZE = 24;

export interface MediaPickerDialogProps {
  visible: boolean;
  onHide: () => void;
  /** The chosen items: one, or several with `multiple`. */
  onPick: (media: MediaRecord[]) => void;
  multiple?: boolean;
  /** Lists only this kind (the filter is fixed), e.g. 'image' for a cover or a logo. */
  kind?: MediaKind;
  /** The dialog's title; by default "Elegir imagen", "Elegir imágenes", "Elegir archivo"… */
  header?: string;
  /** Ids shown as chosen when the dialog opens (the field's current value). */
  selectedIds?: readonly number[];
}

function defaultHeader(kind: MediaKind | undefined, multiple: boolean): string {
  if (kind === 'image') return multiple ? 'Elegir imágenes' : 'Elegir imagen';
  return multiple ? 'Elegir archivos' : 'Elegir archivo';
}

/**
 * Mount it where the picker is needed; it asks the API for nothing until it is shown, and starts
 * afresh each time. The caller checks `multimedia.view` first: a 403 would sign the person out.
 */
export function MediaPickerDialog(props: MediaPickerDialogProps) {
  return props.visible ? <OpenPicker {...props} /> : null;
}

function OpenPicker({
  onHide,
  onPick,
  header,
  multiple = false,
  kind,
  selectedIds = [],
}: MediaPickerDialogProps) {
  const narrow = useMediaQuery('(max-width: 575.98px)');
  // WCAG 2.4.3: closing returns the focus to what opened the dialog.
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    return () => opener?.focus();
  }, []);
  const can = useCan();
  const mayUpload = can('multimedia.create');
  const [state, setState] = useState<ListState>({
    page: 1,
    perPage: PICKER_PAGE_SIZE,
    sort: MULTIMEDIA.defaultSort,
    search: '',
    filters: kind ? { type: kind } : {},
  });
  const list = useMediaList(state);
  const rows = list.data?.data ?? [];
  // Chosen items are kept by id across pages and searches; known ids wait for their records.
  const [chosen, setChosen] = useState<Map<number, MediaRecord | null>>(
    () => new Map(selectedIds.map((id) => [id, null])),
  );
  const [notice, setNotice] = useState<string | null>(null);

  const choose = (record: MediaRecord, on: boolean) =>
    setChosen((current) => {
      const next = multiple ? new Map(current) : new Map<number, MediaRecord | null>();
      if (on) next.set(record.id, record);
      else next.delete(record.id);
      return next;
    });

  const queue = useUploadQueue({
    onUploaded: (record) => {
      if (kind && kindOf(record) !== kind) {
        setNotice(
          `«${record.original_name}» se ha subido a la biblioteca, pero no es ${
            kind === 'image' ? 'una imagen' : `de tipo ${MEDIA_KIND_LABELS[kind].toLowerCase()}`
          }: no se puede elegir aquí.`,
        );
        return;
      }
      // The new item becomes the choice, on the first page of the newest items, where it shows.
      choose(record, true);
      setState((current) => ({ ...current, page: 1, search: '', sort: MULTIMEDIA.defaultSort }));
    },
  });

  const picked = [...chosen].flatMap(([id, record]) => {
    const known = record ?? rows.find((row) => row.id === id);
    return known ? [known] : [];
  });
  const groupName = useId();
  const typeFilterId = useId();
  const legendId = useId();

  const footer = (
    <div className="media-picker-footer">
      <span className="resource-muted" aria-live="polite">
        {picked.length === 0
          ? 'Nada elegido.'
          : picked.length === 1
            ? `Elegido: ${picked[0]!.original_name}`
            : `${picked.length} elegidos.`}
      </span>
      <div className="media-picker-footer-actions">
        <Button type="button" label="Cancelar" text onClick={onHide} />
        <Button
          type="button"
          label={multiple && picked.length > 1 ? `Elegir (${picked.length})` : 'Elegir'}
          icon="pi pi-check"
          disabled={picked.length === 0 || queue.busy}
          onClick={() => {
            onPick(picked);
            onHide();
          }}
        />
      </div>
    </div>
  );

  return (
    <Dialog
      visible
      onHide={onHide}
      header={header ?? defaultHeader(kind, multiple)}
      footer={footer}
      className="media-picker-dialog"
      maximized={narrow}
      draggable={false}
      resizable={false}
      blockScroll
      // The whole grid is no description of the dialog: its title says what it is for.
      pt={{ root: { 'aria-describedby': undefined } }}
    >
      <div className="media-picker">
        <div className="media-picker-toolbar">
          <ListSearch
            value={state.search}
            placeholder="Nombre, título o texto alternativo"
            onSearch={(search) => setState((current) => ({ ...current, search, page: 1 }))}
          />
          {!kind && (
            <div className="list-filter">
              <label htmlFor={typeFilterId} className="list-control-label">
                Tipo
              </label>
              <Dropdown
                inputId={typeFilterId}
                value={state.filters.type ?? null}
                options={MEDIA_KINDS.map((value) => ({ value, label: MEDIA_KIND_LABELS[value] }))}
                optionLabel="label"
                optionValue="value"
                placeholder="Todos"
                showClear
                onChange={(event) =>
                  setState((current) => ({
                    ...current,
                    page: 1,
                    filters: event.value ? { type: String(event.value) } : ({} as Record<string, string>),
                  }))
                }
              />
            </div>
          )}
          {mayUpload && (
            <FileInputButton
              label={UPLOAD_LABEL}
              icon="pi pi-upload"
              outlined
              multiple={multiple}
              kind={kind}
              className="media-picker-upload"
              onFiles={(files) => {
                setNotice(null);
                queue.add(files);
              }}
            />
          )}
        </div>

        <UploadProgress queue={queue} />
        {notice && <Notice severity="info">{notice}</Notice>}
        {list.isError && (
          <Notice severity="error">
            No se ha podido cargar la biblioteca: {errorMessage(list.error)}{' '}
            <Button type="button" label="Reintentar" link onClick={() => void list.refetch()} />
          </Notice>
        )}

        <FileDropArea
          disabled={!mayUpload}
          onFiles={(files) => {
            setNotice(null);
            queue.add(multiple ? files : files.slice(0, 1));
          }}
        >
          {list.isPending ? (
            <output className="media-picker-loading">
              <i className="pi pi-spin pi-spinner" aria-hidden="true" />
              <span>Cargando…</span>
            </output>
          ) : rows.length === 0 ? (
            <p className="media-picker-empty">
              {pickerEmptyMessage({
                search: state.search,
                // A field's fixed kind is no filter the person chose: an empty library reads empty.
                chosenType: !kind && Boolean(state.filters.type),
                images: kind === 'image',
                mayUpload,
              })}
            </p>
          ) : (
            <fieldset className="media-picker-options" aria-busy={list.isFetching || undefined}>
              <legend id={legendId} className="sr-only">
                {kind === 'image' ? 'Imágenes de la biblioteca' : 'Archivos de la biblioteca'}
              </legend>
              <ul className="media-picker-grid">
                {rows.map((record) => {
                  const selected = chosen.has(record.id);
                  return (
                    <li key={record.id}>
                      <label
                        className={selected ? 'media-pick-tile media-pick-tile-selected' : 'media-pick-tile'}
                        onDoubleClick={() => {
                          if (multiple) return;
                          onPick([record]);
                          onHide();
                        }}
                      >
                        <input
                          type={multiple ? 'checkbox' : 'radio'}
                          name={groupName}
                          className="media-pick-input"
                          checked={selected}
                          onChange={(event) => choose(record, event.target.checked)}
                        />
                        <MediaThumbnail media={record} className="media-pick-preview" />
                        <span className="media-pick-name" title={record.original_name}>
                          {record.original_name}
                        </span>
                        <span className="media-pick-meta">
                          {extensionOf(record)} · {formatFileSize(record.size)}
                        </span>
                        <i className="pi pi-check media-pick-mark" aria-hidden="true" />
                      </label>
                    </li>
                  );
                })}
              </ul>
            </fieldset>
          )}
          {mayUpload && rows.length > 0 && (
            <p className="media-picker-drop-hint">
              <i className="pi pi-cloud-upload" aria-hidden="true" /> También puede arrastrar archivos aquí
              para subirlos.
            </p>
          )}
        </FileDropArea>

        {(list.data?.meta.total ?? 0) > state.perPage && (
          <Paginator
            first={(state.page - 1) * state.perPage}
            rows={state.perPage}
            totalRecords={list.data?.meta.total ?? 0}
            pageLinkSize={3}
            template="PrevPageLink CurrentPageReport NextPageLink"
            currentPageReportTemplate="{first}–{last} de {totalRecords}"
            onPageChange={(event) => setState((current) => ({ ...current, page: event.page + 1 }))}
            className="media-picker-paginator"
          />
        )}
      </div>
    </Dialog>
  );
}
