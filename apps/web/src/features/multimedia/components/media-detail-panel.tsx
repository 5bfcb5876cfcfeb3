import { formatFileSize, labelsOf, MEDIA_KIND_LABELS, type MediaRecord, MULTIMEDIA } from '@gestor/shared';
import { Button } from 'primereact/button';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { Dialog } from 'primereact/dialog';
import { ProgressBar } from 'primereact/progressbar';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { AuditHistory } from '../../../components/form/audit-history';
import { DeleteConfirmDialog } from '../../../components/list/delete-confirm-dialog';
import { FileInputButton } from '../../../components/media/file-input-button';
import {
  absoluteMediaUrl,
  useDeleteMedia,
  useMediaRecord,
  useReplaceMediaFile,
} from '../../../components/media/media-api';
import { typeLabel } from '../../../components/media/media-kind';
import { isAbort, uploadErrorMessage } from '../../../components/media/upload-request';
import { formatDateTime } from '../../../components/resource/format';
import { deletedMessage, deleteQuestion, LEAVE_QUESTION } from '../../../components/resource/messages';
import type { ScreenNotifier } from '../../../components/resource/resource-screens';
import { Notice } from '../../../components/ui/notice';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/form-errors';
import { useCan } from '../../../lib/permissions';
import { useMediaQuery } from '../../../lib/use-media-query';
import { dimensions } from '../multimedia-screens';
import { DocumentAccessibilitySection } from './document-accessibility';
import { useMediaDeleteCheck } from './media-delete-check';
import { MediaDetailsForm } from './media-details-form';
import { MediaPreview } from './media-preview';
import { MediaUsages } from './media-usages';

// The side panel of one media item (docs/areas.md#multimedia: preview, metadata, alt/title, a
// document's accessibility, usages, replace, copy URL), over the list; full-screen on a phone. Each
// control appears only with its permission: the SPA never sends a request that would get a 403.

const NO_MEDIA: readonly MediaRecord[] = [];

// The history's names are the field table's (decision 018); its sizes read "195,8 kB", not bytes.
const AUDIT_LABELS: Record<string, string> = { ...labelsOf(MULTIMEDIA.fields), size: 'Tamaño' };
// Issue 16: entries recorded before the checksum left the snapshot still hold it.
const AUDIT_HIDDEN = ['checksum'];
const auditItem = (field: string, value: string) =>
  field === 'size' ? formatFileSize(Number(value)) : value;

interface MediaDetailPanelProps {
  id: number;
  /** The list's copy of the item, shown while the latest loads. */
  placeholder?: MediaRecord;
  onClose: () => void;
  notify: ScreenNotifier;
}

export function MediaDetailPanel({ id, placeholder, onClose, notify }: MediaDetailPanelProps) {
  const narrow = useMediaQuery('(max-width: 575.98px)');
  const record = useMediaRecord(id, { placeholder });
  const media = record.data;
  const [dirty, setDirty] = useState(false);
  const [confirmingLeave, setConfirmingLeave] = useState(false);
  const close = () => (dirty ? setConfirmingLeave(true) : onClose());
  // WCAG 2.4.3: closing returns the focus to the tile or row that opened the panel.
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return (
    <Dialog
      visible
      onHide={close}
      header={media ? media.title || media.original_name : 'Archivo'}
      position="right"
      className="side-sheet media-panel"
      maximized={narrow}
      draggable={false}
      resizable={false}
      blockScroll
      // The panel's title names it; its whole content is no description.
      pt={{ root: { 'aria-describedby': undefined } }}
    >
      {record.isError && !media ? (
        <Notice severity="error">
          {isApiError(record.error) && record.error.status === 404
            ? 'El archivo no existe o ha sido eliminado.'
            : `No se ha podido cargar el archivo: ${errorMessage(record.error)}`}
        </Notice>
      ) : media ? (
        <PanelContent
          key={media.id}
          media={media}
          notify={notify}
          onClose={onClose}
          onDirtyChange={setDirty}
          reload={async () => (await record.refetch()).data}
        />
      ) : (
        <output className="resource-loading">
          <i className="pi pi-spin pi-spinner" aria-hidden="true" />
          <span>Cargando…</span>
        </output>
      )}
      <ConfirmDialog
        visible={confirmingLeave}
        onHide={() => setConfirmingLeave(false)}
        header="Cambios sin guardar"
        message={LEAVE_QUESTION}
        icon="pi pi-exclamation-triangle"
        acceptLabel="Salir sin guardar"
        rejectLabel="Seguir editando"
        defaultFocus="reject"
        accept={onClose}
      />
    </Dialog>
  );
}

function PanelContent({
  media,
  notify,
  onClose,
  onDirtyChange,
  reload,
}: {
  media: MediaRecord;
  notify: ScreenNotifier;
  onClose: () => void;
  onDirtyChange: (dirty: boolean) => void;
  reload: () => Promise<MediaRecord | undefined>;
}) {
  const can = useCan();
  const mayUpdate = can('multimedia.update');
  const mayDelete = can('multimedia.delete');
  const updatedAt = useRef(media.updated_at);
  // A restored version (decision 025) replaces the description form: a new one mounts with it.
  const [detailsGeneration, setDetailsGeneration] = useState(0);
  const showLatest = async () => {
    const latest = await reload();
    if (latest) updatedAt.current = latest.updated_at;
    setDetailsGeneration((n) => n + 1);
  };
  const metaId = useId();
  const url = absoluteMediaUrl(media.url);

  // Replacing the file: same id and usages, new URLs (PUT /api/multimedia/{id}/file).
  const replace = useReplaceMediaFile(media.id);
  const [replaceProgress, setReplaceProgress] = useState<number | null>(null);
  const [replaceError, setReplaceError] = useState<string | null>(null);
  const replaceAbort = useRef<AbortController | null>(null);
  const replaceFile = (file: File) => {
    setReplaceError(null);
    setReplaceProgress(0);
    const controller = new AbortController();
    replaceAbort.current = controller;
    replace.mutate(
      {
        file,
        signal: controller.signal,
        onProgress: (fraction) => setReplaceProgress(Math.floor(fraction * 100)),
      },
      {
        onSuccess: (latest) => {
          // The server moved the version on: a later save of alt/title starts from it.
          updatedAt.current = latest.updated_at;
          notify.success(
            latest.type_notice ? `Archivo reemplazado. ${latest.type_notice}` : 'Archivo reemplazado.',
          );
        },
        onError: (error) => {
          if (!isAbort(error)) setReplaceError(uploadErrorMessage(error));
        },
        onSettled: () => {
          setReplaceProgress(null);
          replaceAbort.current = null;
        },
      },
    );
  };

  const copyUrl = useCallback(async () => {
    try {
      await navigator.clipboard.writeText(url);
      notify.success('URL copiada al portapapeles.');
    } catch {
      notify.error('No se ha podido copiar la URL. Selecciónela en «Dirección» y cópiela.');
    }
  }, [url, notify]);

  const remove = useDeleteMedia();
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const deleteCheck = useMediaDeleteCheck(confirmingDelete ? [media] : NO_MEDIA);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const deleteMedia = () => {
    setDeleteError(null);
    remove.mutate([media.id], {
      onSuccess: () => {
        notify.success(deletedMessage(1));
        onClose();
      },
      // In use: the server names where (docs/areas.md#rules-shared-by-the-content-areas); the item stays.
      onError: (error) => setDeleteError(errorMessage(error)),
    });
  };

  return (
    <div className="media-panel-body">
      <MediaPreview media={media} />

      <div className="media-panel-actions">
        <Button
          type="button"
          label="Copiar URL"
          icon="pi pi-copy"
          outlined
          size="small"
          onClick={() => void copyUrl()}
        />
        <a
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          className="p-button p-component p-button-outlined p-button-sm button-link"
        >
          <span className="p-button-icon p-button-icon-left pi pi-external-link" aria-hidden="true" />
          <span className="p-button-label">Abrir</span>
          <span className="sr-only"> (se abre en una pestaña nueva)</span>
        </a>
        {mayUpdate && (
          <FileInputButton
            label="Reemplazar archivo"
            icon="pi pi-sync"
            outlined
            size="small"
            disabled={replaceProgress !== null}
            onFiles={([file]) => file && replaceFile(file)}
          />
        )}
        {mayDelete && (
          <Button
            type="button"
            label="Eliminar"
            icon="pi pi-trash"
            severity="danger"
            outlined
            size="small"
            loading={remove.isPending}
            className="media-panel-delete"
            onClick={() => setConfirmingDelete(true)}
          />
        )}
      </div>

      {replaceProgress !== null && (
        <div className="media-replace-progress">
          <span>Reemplazando… {replaceProgress} %</span>
          <ProgressBar value={replaceProgress} showValue={false} aria-label="Progreso del reemplazo" />
          <Button
            type="button"
            label="Cancelar"
            text
            size="small"
            onClick={() => replaceAbort.current?.abort()}
          />
        </div>
      )}
      {replaceError && (
        <Notice severity="error">
          <p className="notice-line">No se ha podido reemplazar el archivo: {replaceError}</p>
        </Notice>
      )}
      {deleteError && (
        <Notice severity="error">
          <p className="notice-line">{deleteError}</p>
        </Notice>
      )}

      <section className="media-panel-section" aria-labelledby={`${metaId}-details`}>
        <h3 id={`${metaId}-details`}>Descripción</h3>
        <MediaDetailsForm
          key={detailsGeneration}
          media={media}
          readOnly={!mayUpdate}
          notify={notify}
          updatedAt={updatedAt}
          reload={reload}
          onDirtyChange={onDirtyChange}
        />
      </section>

      <section className="media-panel-section" aria-labelledby={`${metaId}-meta`}>
        <h3 id={`${metaId}-meta`}>Datos del archivo</h3>
        <dl className="media-meta">
          <div>
            <dt>Nombre</dt>
            <dd>{media.original_name}</dd>
          </div>
          <div>
            <dt>Tipo</dt>
            <dd>
              {MEDIA_KIND_LABELS[media.kind]} ({typeLabel(media)})
            </dd>
          </div>
          <div>
            <dt>Tamaño</dt>
            <dd>{formatFileSize(media.size)}</dd>
          </div>
          {media.width !== null && (
            <div>
              <dt>Dimensiones</dt>
              <dd>{dimensions(media)}</dd>
            </div>
          )}
          <div>
            <dt>Subido por</dt>
            <dd>{media.uploaded_by?.name ?? '—'}</dd>
          </div>
          <div>
            <dt>Subido</dt>
            <dd>{formatDateTime(media.created_at)}</dd>
          </div>
          <div>
            <dt>Modificado</dt>
            <dd>{formatDateTime(media.updated_at)}</dd>
          </div>
          <div className="media-meta-wide">
            <dt>Dirección</dt>
            <dd className="media-meta-url">{url}</dd>
          </div>
        </dl>
      </section>

      <DocumentAccessibilitySection media={media} mayReplace={mayUpdate} />

      <MediaUsages id={media.id} />

      <AuditHistory
        contract={MULTIMEDIA}
        recordId={media.id}
        fieldLabels={AUDIT_LABELS}
        itemLabel={auditItem}
        hiddenFields={AUDIT_HIDDEN}
        current={media}
        restore={
          mayUpdate ? { notify, onRestored: () => void showLatest(), onReload: showLatest } : undefined
        }
      />

      <DeleteConfirmDialog
        visible={confirmingDelete}
        onHide={() => setConfirmingDelete(false)}
        question={deleteQuestion(1, media.original_name)}
        check={deleteCheck}
        accept={deleteMedia}
      />
    </div>
  );
}
