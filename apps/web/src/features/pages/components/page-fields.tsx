import type { PageRecord } from '@gestor/shared';
import { FormGrid } from '../../../components/resource/controls';
import { RichTextControl } from '../../../components/resource/controls/rich-text-control';
import { SlugControl } from '../../../components/resource/controls/slug-control';
import { FormSection, TextControl } from '../../../components/resource/form-controls';
import { formatDateTime } from '../../../components/resource/format';
import type { FormFieldsProps } from '../../../components/resource/resource-screens';
import { useCan } from '../../../lib/permissions';
import { PageStatusTag } from './page-status-tag';

/** Title, slug and body of a page, and its state: the buttons that publish are the form's own. */
export function PageFields({ record, readOnly }: FormFieldsProps<PageRecord>) {
  const mayPublish = useCan()('page.publish');
  const status = record?.status ?? 'draft';
  return (
    <>
      <FormGrid>
        <TextControl name="title" label="Título" autoComplete="off" maxLength={255} />
        <SlugControl from="title" fromLabel="del título" addressPrefix={null} />
      </FormGrid>
      <RichTextControl name="body" label="Texto" />
      <FormSection title="Publicación">
        <div className="page-publishing-panel">
          <dl className="page-publishing-facts">
            <div>
              <dt>Estado:</dt>
              <dd>
                <PageStatusTag status={status} />
              </dd>
            </div>
            <div>
              <dt>Fecha de publicación:</dt>
              <dd>
                {status === 'published' && record?.published_at
                  ? formatDateTime(record.published_at)
                  : 'Sin publicar'}
              </dd>
            </div>
          </dl>
          {!mayPublish && !readOnly && (
            <p className="page-publishing-note">
              Se guarda como borrador: publicarla corresponde a quien puede publicar páginas.
            </p>
          )}
        </div>
      </FormSection>
    </>
  );
}
