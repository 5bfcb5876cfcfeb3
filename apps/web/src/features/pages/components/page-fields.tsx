import type { PageRecord } from '@gestor/shared';
import { FormGrid, TextControl } from '../../../components/controls';
import { SlugControl } from '../../../components/controls/slug-control';
import { PublishingPanel } from '../../../components/publishing/publishing-panel';
import { ReviseByControl } from '../../../components/publishing/revise-by-control';
import type { FormFieldsProps } from '../../../components/resource/resource-screens';
import { RichTextControl } from '../../../components/rich-text/rich-text-control';
import { PAGE_PUBLISHING } from '../page-publishing';

/**
 * Title, slug and body of a page, «Revisar antes de», and its state: the buttons that publish are the
 * form's own.
 */
export function PageFields({ record, readOnly }: FormFieldsProps<PageRecord>) {
  return (
    <>
      <FormGrid>
        <TextControl name="title" label="Título" autoComplete="off" maxLength={255} />
        <SlugControl from="title" fromLabel="del título" addressPrefix={null} />
      </FormGrid>
      <RichTextControl name="body" label="Texto" />
      <ReviseByControl />
      <PublishingPanel rules={PAGE_PUBLISHING} record={record} readOnly={readOnly} />
    </>
  );
}
