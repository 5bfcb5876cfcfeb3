import { TEST_LIMITS, TestCodesInput, type TestCodesMade, type TestRecord } from '@gestor/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { z } from 'zod';
import { NumberControl } from '../../../components/controls';
import { splitServerErrors } from '../../../components/form/server-errors';
import type { ScreenNotifier } from '../../../components/resource/resource-screens';
import { FormErrorsNotice } from '../../../components/ui/notice';
import { isApiError } from '../../../lib/api-client';
import { downloadText } from '../../../lib/download-text';
import { errorMessage } from '../../../lib/form-errors';
import { useCan } from '../../../lib/permissions';
import { useCreateCodes } from '../api/create-codes';
import { codesCsv, codesFileName } from '../codes-csv';

// docs/areas.md#opening-a-test-to-the-public: single-use codes, under the edit screen of a test whose
// saved access is «Códigos de un solo uso». How many are left unused; "Generar códigos" makes a batch,
// shown this once (the server keeps only their hashes), to download as CSV or print with a QR each.

const CodesPrintView = lazy(async () => ({ default: (await import('./codes-print-view')).CodesPrintView }));

/** The codes of a batch shown on screen; all of them go in the CSV and on the printed sheet. */
const SHOWN_CODES = 30;

export function TestCodes({ record, notify }: { record: TestRecord; notify: ScreenNotifier }) {
  const headingId = useId();
  const mayUpdate = useCan()('test.update');
  const [asking, setAsking] = useState(false);
  const [made, setMade] = useState<TestCodesMade | null>(null);
  const opener = useRef<HTMLButtonElement | null>(null);
  if (record.access !== 'codes') return null;

  const available = record.codes_available;
  return (
    <section className="card test-codes" aria-labelledby={headingId}>
      <header className="test-codes-header">
        <div>
          <h2 id={headingId}>Códigos</h2>
          <p className="test-codes-count">
            {available === 1 ? 'Queda 1 código sin usar.' : `Quedan ${available} códigos sin usar.`}
          </p>
        </div>
        {mayUpdate && (
          <Button
            type="button"
            label="Generar códigos"
            icon="pi pi-key"
            outlined
            aria-haspopup="dialog"
            onClick={(event) => {
              opener.current = event.currentTarget;
              setAsking(true);
            }}
          />
        )}
      </header>
      {made && <MadeCodes test={record} made={made} />}
      {asking && (
        <GenerateCodesDialog
          test={record}
          onMade={(codes) => {
            setAsking(false);
            setMade(codes);
            notify.success(
              codes.codes.length === 1 ? 'Código generado.' : `${codes.codes.length} códigos generados.`,
            );
          }}
          onCancel={() => {
            setAsking(false);
            // WCAG 2.4.3: back to the button that opened it.
            requestAnimationFrame(() => opener.current?.focus());
          }}
        />
      )}
    </section>
  );
}

/** As the dialog's number controls hold them: null while empty. */
interface CodesValues {
  count: number | null;
  extra_minutes: number | null;
}

// The very rules the API applies; an empty control is a null the schema names ("Indique cuántos…").
const CODES_SCHEMA = z
  .custom<CodesValues>()
  .transform((values): unknown => values)
  .pipe(TestCodesInput);

/** How many codes and how many extra minutes each gives (WCAG 2.2.1: more time for who needs it). */
function GenerateCodesDialog({
  test,
  onMade,
  onCancel,
}: {
  test: TestRecord;
  onMade: (made: TestCodesMade) => void;
  onCancel: () => void;
}) {
  const form = useForm<CodesValues, unknown, TestCodesInput>({
    defaultValues: { count: 30, extra_minutes: 0 },
    resolver: zodResolver(CODES_SCHEMA),
  });
  const create = useCreateCodes(test.id);
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const formId = useId();

  const submit = form.handleSubmit(async (input) => {
    setFormErrors([]);
    try {
      onMade(await create.mutateAsync(input));
    } catch (error) {
      if (isApiError(error) && error.status === 422) {
        const { byField, others } = splitServerErrors(error.errors, ['count', 'extra_minutes'] as const);
        let first = true;
        for (const [field, message] of Object.entries(byField)) {
          form.setError(field as keyof CodesValues, { type: 'server', message }, { shouldFocus: first });
          first = false;
        }
        setFormErrors(others.length || !first ? others : [error.message]);
        return;
      }
      setFormErrors([errorMessage(error)]);
    }
  });

  return (
    <Dialog
      visible
      onHide={onCancel}
      header="Generar códigos"
      className="test-codes-dialog"
      draggable={false}
      resizable={false}
      blockScroll
      footer={
        <>
          <Button type="button" label="Cancelar" text onClick={onCancel} />
          <Button type="submit" form={formId} label="Generar" icon="pi pi-key" loading={create.isPending} />
        </>
      }
    >
      <FormProvider {...form}>
        <form id={formId} className="test-codes-form" noValidate onSubmit={submit}>
          <p className="test-codes-note">
            Cada código sirve para responder una vez. Se muestran solo al generarlos: descárguelos o
            imprímalos entonces.
          </p>
          <FormErrorsNotice messages={formErrors} />
          <NumberControl
            name="count"
            label="Número de códigos"
            min={1}
            max={TEST_LIMITS.codesPerBatch}
            hint={`De 1 a ${TEST_LIMITS.codesPerBatch} de una vez.`}
          />
          <NumberControl
            name="extra_minutes"
            label="Minutos extra por código (para quien necesite más tiempo)"
            min={0}
            max={TEST_LIMITS.extraMinutes}
            suffix=" min"
            hint="Se suman al tiempo límite de quien use el código. 0: ninguno."
          />
        </form>
      </FormProvider>
    </Dialog>
  );
}

/** The batch just made: the warning, the first codes, and the CSV and the printed sheet with them all. */
function MadeCodes({ test, made }: { test: TestRecord; made: TestCodesMade }) {
  const warningRef = useRef<HTMLDivElement>(null);
  const [printing, setPrinting] = useState(false);
  const printButton = useRef<HTMLButtonElement | null>(null);
  const count = made.codes.length;

  // The dialog that asked for them has closed: the focus goes to what they are, and what to do now.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per batch.
  useEffect(() => warningRef.current?.focus(), [made]);

  return (
    <div className="test-codes-made">
      <div ref={warningRef} className="test-codes-warning" tabIndex={-1}>
        <i className="pi pi-exclamation-triangle" aria-hidden="true" />
        <p>
          <strong>
            {count === 1 ? 'Este código se muestra' : `Estos ${count} códigos se muestran`} solo ahora: no se
            podrán volver a ver.
          </strong>{' '}
          Descárguelos o imprímalos antes de salir de esta pantalla.
          {made.extra_minutes > 0 && ` Cada uno da ${made.extra_minutes} minutos extra.`}
        </p>
      </div>
      <div className="test-codes-actions">
        <Button
          type="button"
          label="Descargar CSV"
          icon="pi pi-download"
          onClick={() => downloadText(codesCsv(made), codesFileName(test.slug))}
        />
        <Button
          type="button"
          label="Imprimir"
          icon="pi pi-print"
          outlined
          aria-haspopup="dialog"
          onClick={(event) => {
            printButton.current = event.currentTarget;
            setPrinting(true);
          }}
        />
      </div>
      <ul className="test-codes-list" aria-label="Códigos generados">
        {made.codes.slice(0, SHOWN_CODES).map(({ code }) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      {count > SHOWN_CODES && (
        <p className="test-codes-note">
          Y {count - SHOWN_CODES} más: todos están en el CSV y en la hoja para imprimir.
        </p>
      )}
      {printing && (
        <Suspense fallback={null}>
          <CodesPrintView
            title={test.title}
            made={made}
            onHide={() => {
              setPrinting(false);
              requestAnimationFrame(() => printButton.current?.focus());
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
