import type { Permission, ResourceContract } from '@gestor/shared';
import { Button } from 'primereact/button';
import { type ComponentType, lazy, Suspense, useRef, useState } from 'react';
import { useFormState } from 'react-hook-form';
import { errorMessage } from '../../lib/form-errors';
import { useCan } from '../../lib/permissions';
import type { ScreenNotifier } from '../resource/resource-screens';
import { type PreviewGrant, UNSAVED_PREVIEW_NOTE, useRequestPreview } from './preview-api';

// "Vista previa" on the news and pages editors (docs/public-api.md#previews-of-drafts): a signed link to
// the saved version. With PUBLIC_PREVIEW_URL the website shows it in a new tab; without, a dialog
// here shows what the public API answers for it. Unsaved changes are not previewed (they are not
// on the server): the person is told so rather than having the form saved behind their back, which
// for a publishable item would also be a publishing decision.

const PreviewDialog = lazy(async () => ({ default: (await import('./preview-dialog')).PreviewDialog }));

/** The edit screen's "Vista previa" button of an area with previews (`form.ViewActions`). */
export function previewAction<R extends { id: number }>(
  contract: ResourceContract,
): ComponentType<{ record: R; notify: ScreenNotifier }> {
  return function PreviewAction({ record, notify }) {
    const can = useCan();
    const { isDirty } = useFormState();
    const request = useRequestPreview(contract);
    const [shown, setShown] = useState<{ grant: PreviewGrant; unsaved: boolean } | null>(null);
    const opener = useRef<HTMLButtonElement | null>(null);
    if (!can(`${contract.area}.view` as Permission)) return null;

    const preview = () =>
      request.mutate(record.id, {
        onSuccess: (grant) => {
          if (grant.url) {
            // Still within the click's user activation, so browsers let the tab open; when one does
            // not, the dialog offers the link to open by hand.
            const tab = window.open(grant.url, '_blank');
            if (tab) {
              try {
                // The website gets no handle on Gestor's tab (COOP: same-origin severs it too).
                tab.opener = null;
              } catch {
                // Already another origin's page: nothing to sever.
              }
              if (isDirty)
                notify.success(`Vista previa abierta en una pestaña nueva. ${UNSAVED_PREVIEW_NOTE}`);
              return;
            }
          }
          setShown({ grant, unsaved: isDirty });
        },
        onError: (error) => notify.error(errorMessage(error)),
      });

    return (
      <>
        <Button
          type="button"
          label="Vista previa"
          icon="pi pi-eye"
          outlined
          loading={request.isPending}
          aria-haspopup="dialog"
          onClick={(event) => {
            opener.current = event.currentTarget;
            preview();
          }}
        />
        {shown && (
          <Suspense fallback={null}>
            <PreviewDialog
              grant={shown.grant}
              unsavedChanges={shown.unsaved}
              onHide={() => {
                setShown(null);
                // WCAG 2.4.3: back to the button that opened it.
                requestAnimationFrame(() => opener.current?.focus());
              }}
            />
          </Suspense>
        )}
      </>
    );
  };
}
