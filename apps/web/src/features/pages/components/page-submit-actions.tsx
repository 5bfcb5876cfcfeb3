import type { PageRecord } from '@gestor/shared';
import { Button } from 'primereact/button';
import { useState } from 'react';
import type { SubmitActionsProps } from '../../../components/resource/resource-screens';
import { useCan } from '../../../lib/permissions';
import type { PageFormValues } from '../pages-screens';

type Intent = 'save' | 'publish' | 'unpublish';

/**
 * The form's save buttons. With page.publish: a draft is saved as one or published; a published
 * page is saved as it is or taken back to a draft. Without it: Guardar, which sends no status.
 */
export function PageSubmitActions({
  record,
  submitWith,
  saving,
}: SubmitActionsProps<PageRecord, PageFormValues>) {
  const mayPublish = useCan()('page.publish');
  const [intent, setIntent] = useState<Intent | null>(null);
  if (!mayPublish) {
    return <Button type="submit" label="Guardar" icon="pi pi-check" loading={saving} />;
  }

  const published = record?.status === 'published';
  const run = (next: Intent, values: Partial<PageFormValues>) => {
    setIntent(next);
    void submitWith(values).finally(() => setIntent(null));
  };

  return (
    <>
      {/* Enter in a field presses this one: the page stays in the state it is in. */}
      <Button
        type="submit"
        label={published ? 'Guardar cambios' : 'Guardar borrador'}
        icon="pi pi-check"
        loading={saving && (intent === null || intent === 'save')}
        disabled={saving}
        onClick={() => setIntent('save')}
      />
      {published ? (
        <Button
          type="button"
          label="Pasar a borrador"
          icon="pi pi-undo"
          outlined
          loading={saving && intent === 'unpublish'}
          disabled={saving}
          onClick={() => run('unpublish', { status: 'draft' })}
        />
      ) : (
        <Button
          type="button"
          label="Publicar ahora"
          icon="pi pi-send"
          outlined
          loading={saving && intent === 'publish'}
          disabled={saving}
          onClick={() => run('publish', { status: 'published' })}
        />
      )}
    </>
  );
}
