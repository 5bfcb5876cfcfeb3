import type { TestRecord } from '@gestor/shared';
import { Button } from 'primereact/button';
import { lazy, Suspense, useRef, useState } from 'react';
import { useFormState } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { ScreenNotifier } from '../../../components/resource/resource-screens';
import { errorMessage } from '../../../lib/form-errors';
import { useCan } from '../../../lib/permissions';
import { useDuplicateTest } from '../api/duplicate-test';

// The edit screen's own buttons: "Vista previa" (take the saved test and get the server's score)
// and "Duplicar" (a draft copy, opened at once).

const TestPreviewDialog = lazy(async () => ({
  default: (await import('./test-preview-dialog')).TestPreviewDialog,
}));

export function TestActions({ record, notify }: { record: TestRecord; notify: ScreenNotifier }) {
  const can = useCan();
  const { isDirty } = useFormState();
  const [previewing, setPreviewing] = useState(false);
  const opener = useRef<HTMLButtonElement | null>(null);
  const duplicate = useDuplicateTest();
  const navigate = useNavigate();

  const makeCopy = () =>
    duplicate.mutate(record.id, {
      onSuccess: async (copy) => {
        // With unsaved changes, the screen asks before leaving them; this screen stays mounted for
        // the copy (same route), so its own toast says what happened.
        await navigate(`/test/${copy.id}`);
        notify.success(`Copia creada en borrador: «${copy.title}».`);
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
        onClick={(event) => {
          opener.current = event.currentTarget;
          setPreviewing(true);
        }}
      />
      {/* The copy shows the questions: it takes seeing tests as well as creating them. */}
      {can('test.create') && can('test.view') && (
        <Button
          type="button"
          label="Duplicar"
          icon="pi pi-copy"
          outlined
          loading={duplicate.isPending}
          onClick={makeCopy}
        />
      )}
      {previewing && (
        <Suspense fallback={null}>
          <TestPreviewDialog
            test={record}
            unsavedChanges={isDirty}
            onHide={() => {
              setPreviewing(false);
              // WCAG 2.4.3: back to the button that opened it.
              requestAnimationFrame(() => opener.current?.focus());
            }}
          />
        </Suspense>
      )}
    </>
  );
}
