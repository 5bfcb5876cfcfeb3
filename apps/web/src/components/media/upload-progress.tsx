import './media.css';
import { formatFileSize } from '@gestor/shared';
import { Button } from 'primereact/button';
import { ProgressBar } from 'primereact/progressbar';
import { useId } from 'react';
import { Notice } from '../ui/notice';
import { filesCount, uploadSummary } from './upload-summary';
import type { UploadItem, UploadQueue } from './use-upload-queue';

// Each file of a batch with its own progress bar and a way to cancel it; when the batch ends, a
// summary that says how many arrived and which did not, and why (docs/areas.md#multimedia).

const STATUS_ICONS: Record<UploadItem['status'], string> = {
  queued: 'pi pi-clock',
  uploading: 'pi pi-spin pi-spinner',
  done: 'pi pi-check-circle',
  failed: 'pi pi-times-circle',
  cancelled: 'pi pi-ban',
};

function statusText(item: UploadItem): string {
  switch (item.status) {
    case 'queued':
      return 'En espera';
    case 'uploading':
      return `Subiendo… ${item.progress} %`;
    case 'done':
      return item.notice ? `Subido. ${item.notice}` : 'Subido';
    case 'cancelled':
      return 'Cancelado';
    case 'failed':
      return item.error ?? 'No se ha podido subir.';
  }
}

/** One line per file: its name and what there is to say about it (why it failed, what it became). */
function ItemNotes({ notes }: { notes: ReadonlyArray<[UploadItem, string | undefined]> }) {
  if (!notes.length) return null;
  return (
    <ul className="upload-failures">
      {notes.map(([item, note]) => (
        <li key={item.key}>
          <strong>{item.name}</strong>: {note}
        </li>
      ))}
    </ul>
  );
}

export function UploadProgress({
  queue,
  title = 'Subida de archivos',
}: {
  queue: UploadQueue;
  title?: string;
}) {
  const headingId = useId();
  const { items, busy } = queue;
  if (!items.length) return null;
  const failed = items.filter((item) => item.status === 'failed');
  const noticed = items.filter((item) => item.status === 'done' && item.notice);
  const finished = items.filter((item) => item.status !== 'queued' && item.status !== 'uploading').length;

  return (
    <section className="upload-progress" aria-labelledby={headingId}>
      <div className="upload-progress-head">
        <h2 id={headingId}>{title}</h2>
        {busy ? (
          <span className="upload-progress-count">
            {finished} de {filesCount(items.length)}
          </span>
        ) : (
          <Button type="button" label="Cerrar" icon="pi pi-times" text size="small" onClick={queue.clear} />
        )}
      </div>
      {!busy && (
        <Notice severity={failed.length ? 'error' : 'success'}>
          <p className="notice-line">{uploadSummary(items)}</p>
          <ItemNotes notes={failed.map((item) => [item, item.error])} />
          <ItemNotes notes={noticed.map((item) => [item, item.notice])} />
        </Notice>
      )}
      {busy && (
        <ul className="upload-list">
          {items.map((item) => (
            <li key={item.key} className={`upload-item upload-item-${item.status}`}>
              <i className={`upload-item-icon ${STATUS_ICONS[item.status]}`} aria-hidden="true" />
              <div className="upload-item-main">
                <div className="upload-item-line">
                  <span className="upload-item-name">{item.name}</span>
                  <span className="upload-item-size">{formatFileSize(item.size)}</span>
                </div>
                {(item.status === 'queued' || item.status === 'uploading' || item.status === 'done') && (
                  <ProgressBar
                    value={item.progress}
                    showValue={false}
                    aria-label={`Progreso de «${item.name}»`}
                    className="upload-item-bar"
                  />
                )}
                <span className="upload-item-status">{statusText(item)}</span>
              </div>
              {(item.status === 'queued' || item.status === 'uploading') && (
                <Button
                  type="button"
                  icon="pi pi-times"
                  text
                  rounded
                  severity="secondary"
                  aria-label={`Cancelar la subida de «${item.name}»`}
                  title="Cancelar"
                  onClick={() => queue.cancel(item.key)}
                />
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
