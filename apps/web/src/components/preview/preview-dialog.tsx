import type { PublicMedia } from '@gestor/shared';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { ProgressSpinner } from 'primereact/progressspinner';
import { useId } from 'react';
import { useMediaQuery } from '../../lib/use-media-query';
import { formatDateTime } from '../resource/format';
import { Notice } from '../ui/notice';
import { type PreviewGrant, UNSAVED_PREVIEW_NOTE, usePreview } from './preview-api';
import { PreviewBody } from './preview-body';
import { expirySentence } from './preview-expiry';
import './preview.css';

// The preview of a draft when the website has no preview address (PUBLIC_PREVIEW_URL unset): what
// the public API answers for the token, laid out plainly — title, date, excerpt, cover — and the
// body in an isolated frame (preview-body.tsx), so its HTML can touch nothing of Gestor's.

export function PreviewDialog({
  grant,
  unsavedChanges,
  onHide,
}: {
  grant: PreviewGrant;
  unsavedChanges: boolean;
  onHide: () => void;
}) {
  const preview = usePreview(grant.token);
  const narrow = useMediaQuery('(max-width: 575.98px)');
  const titleId = useId();
  const record = preview.data?.data;
  const excerpt = record && 'excerpt' in record ? record.excerpt : null;
  const subtitle = record && 'subtitle' in record ? record.subtitle : null;
  const cover = record && 'cover' in record ? record.cover : null;

  return (
    <Dialog
      visible
      onHide={onHide}
      header="Vista previa"
      className="preview-dialog"
      draggable={false}
      resizable={false}
      blockScroll
      maximized={narrow}
      footer={<Button type="button" label="Cerrar la vista previa" onClick={onHide} autoFocus />}
      pt={{
        // The whole article is no description of the dialog: its header says what it is.
        root: { 'aria-describedby': undefined },
        // A long draft scrolls inside the dialog, and its body is a frame without scripts that
        // takes no focus: the scrolling part is a named stop of its own, so the arrows and Page Down
        // reach all of it (axe: scrollable-region-focusable).
        content: { tabIndex: 0, role: 'region', 'aria-label': 'Contenido de la vista previa' },
      }}
    >
      <div className="preview-dialog-content">
        {unsavedChanges && <Notice severity="info">{UNSAVED_PREVIEW_NOTE}</Notice>}
        <p className="preview-expiry">
          <i className="pi pi-clock" aria-hidden="true" /> {expirySentence(grant.expires_at)}
          {grant.url && (
            <>
              {' '}
              <a href={grant.url} target="_blank" rel="noopener noreferrer">
                Abrir en el sitio web (pestaña nueva)
              </a>
            </>
          )}
        </p>
        {preview.isPending && (
          <output className="preview-loading">
            <ProgressSpinner style={{ width: '2rem', height: '2rem' }} strokeWidth="4" aria-hidden="true" />
            <span>Cargando la vista previa…</span>
          </output>
        )}
        {preview.isError && <Notice severity="error">{preview.error.message}</Notice>}
        {record && (
          <article className="preview-article" aria-labelledby={titleId}>
            <h2 id={titleId} className="preview-title">
              {record.title}
            </h2>
            {subtitle && <p className="preview-subtitle">{subtitle}</p>}
            <p className="preview-date">
              Fecha de publicación:{' '}
              {record.published_at ? formatDateTime(record.published_at) : 'Sin publicar'}
            </p>
            {excerpt && <p className="preview-excerpt">{excerpt}</p>}
            {cover && <CoverImage cover={cover} />}
            <PreviewBody html={record.body} title={`Texto de «${record.title}»`} />
          </article>
        )}
      </div>
    </Dialog>
  );
}

/** The cover at its medium size when there is one (the original may be a camera's 6000 px). */
function CoverImage({ cover }: { cover: PublicMedia }) {
  const medium = cover.variants.medium;
  return (
    <img
      className="preview-cover"
      src={medium?.url ?? cover.url}
      width={medium?.width ?? cover.width ?? undefined}
      height={medium?.height ?? cover.height ?? undefined}
      // No text: the website shows it as decoration, and so does this.
      alt={cover.alt ?? ''}
    />
  );
}
