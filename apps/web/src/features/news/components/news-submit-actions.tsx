import type { NewsRecord } from '@gestor/shared';
import { Button } from 'primereact/button';
import { useState } from 'react';
import type { SubmitActionsProps } from '../../../components/resource/resource-screens';
import { useCan } from '../../../lib/permissions';
import type { NewsFormValues } from '../news-screens';

type Intent = 'save' | 'publish' | 'schedule' | 'unpublish';

/**
 * The form's save buttons. With news.publish: a draft is saved as a draft, published now or
 * scheduled for the panel's date; a published or scheduled item is saved as it is, or taken back to
 * a draft (a scheduled one may also be published now). Without it: Guardar, which sends no status.
 */
export function NewsSubmitActions({
  record,
  submitWith,
  saving,
}: SubmitActionsProps<NewsRecord, NewsFormValues>) {
  const mayPublish = useCan()('news.publish');
  const [intent, setIntent] = useState<Intent | null>(null);
  if (!mayPublish) {
    return <Button type="submit" label="Guardar" icon="pi pi-check" loading={saving} />;
  }

  const status = record?.status ?? 'draft';
  const run = (next: Intent, values: Partial<NewsFormValues>) => {
    setIntent(next);
    void submitWith(values).finally(() => setIntent(null));
  };
  const busy = (which: Intent) => saving && intent === which;

  return (
    <>
      {/* Enter in a field presses this one: the item stays in the state it is in. */}
      <Button
        type="submit"
        label={status === 'draft' ? 'Guardar borrador' : 'Guardar cambios'}
        icon="pi pi-check"
        loading={saving && (intent === null || intent === 'save')}
        disabled={saving}
        onClick={() => setIntent('save')}
      />
      {status !== 'published' && (
        <Button
          type="button"
          label="Publicar ahora"
          icon="pi pi-send"
          outlined
          loading={busy('publish')}
          disabled={saving}
          onClick={() => run('publish', { status: 'published' })}
        />
      )}
      {status === 'draft' && (
        <Button
          type="button"
          label="Programar"
          icon="pi pi-calendar-clock"
          outlined
          loading={busy('schedule')}
          disabled={saving}
          onClick={() => run('schedule', { status: 'scheduled' })}
        />
      )}
      {status !== 'draft' && (
        <Button
          type="button"
          label="Pasar a borrador"
          icon="pi pi-undo"
          outlined
          loading={busy('unpublish')}
          disabled={saving}
          onClick={() => run('unpublish', { status: 'draft', published_at: null })}
        />
      )}
    </>
  );
}
