import type { Permission, PublicationStatus, ReviewState } from '@gestor/shared';
import { Button } from 'primereact/button';
import { type ComponentType, useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import { useUser } from '../../lib/auth';
import { useCan } from '../../lib/permissions';
import type { SubmitActionsProps } from '../resource/resource-screens';
import { type PublishingRules, reviewRole } from './publishing';

type Intent = 'save' | 'publish' | 'schedule' | 'unpublish';

interface Publishable {
  id: number;
  updated_at: string;
  status: PublicationStatus;
  review?: ReviewState | null;
}

/**
 * The save buttons of a publishable form. With the publish permission: a draft is saved as a draft,
 * published now or (where the area schedules) scheduled for the panel's date; a published or
 * scheduled item is saved as it is, or taken back to a draft (a scheduled one may also be published
 * now). Without it: Guardar, which sends no status. An item in review (docs/review.md) is saved as it
 * is, or approved: published or scheduled, by anyone but the person who sent it; it goes back to
 * draft only through «Devolver con comentarios» (the publishing panel's).
 */
export function publishingSubmitActions<R extends Publishable, V extends FieldValues>(
  rules: PublishingRules,
): ComponentType<SubmitActionsProps<R, V>> {
  return function PublishingSubmitActions({ record, submitWith, saving }: SubmitActionsProps<R, V>) {
    const can = useCan();
    const mayPublish = can(rules.permission);
    const userId = useUser()?.id;
    const [intent, setIntent] = useState<Intent | null>(null);
    const role = reviewRole(record, userId, {
      review: can(`${rules.area}.review` as Permission),
      publish: mayPublish,
    });
    if (!role.mayPublishIt) {
      return (
        <Button
          type="submit"
          label={role.inReview && mayPublish ? 'Guardar cambios' : 'Guardar'}
          icon="pi pi-check"
          loading={saving}
        />
      );
    }

    const status = record?.status ?? 'draft';
    type Change = { status: PublicationStatus; published_at?: null };
    const run = (next: Intent, change: Change) => {
      setIntent(next);
      // The form values of a publishable area hold `status` (and `published_at` where it schedules).
      void submitWith(change as unknown as Partial<V>).finally(() => setIntent(null));
    };
    const action = (which: Intent, label: string, icon: string, values: Change) => (
      <Button
        type="button"
        label={label}
        icon={icon}
        outlined
        loading={saving && intent === which}
        disabled={saving}
        onClick={() => run(which, values)}
      />
    );

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
        {status !== 'published' && action('publish', 'Publicar ahora', 'pi pi-send', { status: 'published' })}
        {rules.scheduling &&
          (status === 'draft' || status === 'review') &&
          action('schedule', 'Programar', 'pi pi-calendar-clock', { status: 'scheduled' })}
        {status !== 'draft' &&
          status !== 'review' &&
          action('unpublish', 'Pasar a borrador', 'pi pi-undo', {
            status: 'draft',
            published_at: null,
          })}
      </>
    );
  };
}
