import {
  CONSENT_MODEL_TEXT,
  rangeOf,
  TEST_ACCESS,
  TEST_FEEDBACKS,
  TEST_GRADINGS,
  TEST_ON_EXPIRY,
  TESTS,
  type TestRecord,
} from '@gestor/shared';
import { Button } from 'primereact/button';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { useContext, useEffect, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  CheckboxControl,
  CheckboxGroupControl,
  DateTimeControl,
  FormGrid,
  FormSection,
  MADRID_TIME_HINT,
  NumberControl,
  ReadOnlyContext,
  SelectControl,
  TextareaControl,
  TextControl,
} from '../../../components/controls';
import type { TestFormValues } from '../tests-form-values';
import { AnsweringAddress } from './answering-address';

// "Publicación" (docs/areas.md#opening-a-test-to-the-public): who may answer, when, as whom, for how
// long and what they see. Labels, named values and limits come from the field table (decision 018);
// the rules between the settings are the shared `publicationIssues`, which the form's schema applies
// before sending, so their messages land beside the control to change.

const { fields } = TESTS;

const optionsOf = <K extends string>(values: readonly K[], labels: Readonly<Record<K, string>>) =>
  values.map((value) => ({ value, label: labels[value] }));

const ACCESS_OPTIONS = optionsOf(TEST_ACCESS, fields.access.options);
const ON_EXPIRY_OPTIONS = optionsOf(TEST_ON_EXPIRY, fields.on_expiry.options);
const GRADING_OPTIONS = optionsOf(TEST_GRADINGS, fields.grading.options);
const FEEDBACK_OPTIONS = optionsOf(TEST_FEEDBACKS, fields.feedback.options);
/** Without codes a person is known by nothing or by an email; with codes, only by the code. */
const IDENTITY_OPTIONS = optionsOf(['none', 'email'] as const, fields.identity.options);
const CODE_IDENTITY_OPTIONS = optionsOf(['code'] as const, fields.identity.options);

const ACCESS_HINTS: Record<TestFormValues['access'], string> = {
  closed: 'Nadie puede responderlo; usted lo ve en «Vista previa».',
  link: 'Responde quien tenga la dirección del test.',
  pin: 'Hace falta la dirección y un PIN que usted reparte.',
  codes: 'Cada persona recibe un código que sirve una sola vez.',
};

export function PublicationFields({ record }: { record: TestRecord | undefined }) {
  const { control } = useFormContext<TestFormValues>();
  const [access, identity, onExpiry, attempts, kind] = useWatch({
    control,
    name: ['access', 'identity', 'on_expiry', 'attempts', 'kind'],
  });
  useIdentityFollowsAccess();

  return (
    <FormSection title="Publicación">
      {/* Its own column rather than the fieldset's flex box: in Chromium (156) a FormGrid appearing
          among others straight inside a flex fieldset left every other one 0 px tall. */}
      <div className="test-publication">
        <FormGrid>
          <SelectControl name="access" options={ACCESS_OPTIONS} hint={ACCESS_HINTS[access]} />
          {access === 'pin' && <PinControl stored={record?.has_pin ?? false} />}
        </FormGrid>
        {record && access !== 'closed' && <AnsweringAddress test={record} />}
        <FormGrid>
          <DateTimeControl name="opens_at" hint={`Vacío: desde que se abre el acceso. ${MADRID_TIME_HINT}`} />
          <ClosesAtControl />
        </FormGrid>
        <FormGrid>
          <NumberControl
            name="max_responses"
            {...rangeOf(fields.max_responses)}
            placeholder="Sin límite"
            hint="Vacío: sin límite. Al llegar a ese número, el test deja de admitir respuestas."
          />
          {access === 'codes' ? (
            <SelectControl
              name="identity"
              options={CODE_IDENTITY_OPTIONS}
              disabled
              hint="Con códigos de un solo uso, cada persona se identifica con el suyo."
            />
          ) : (
            <SelectControl
              name="identity"
              options={IDENTITY_OPTIONS}
              hint={
                identity === 'email'
                  ? 'Se envía a cada persona un enlace para empezar; una respuesta por correo.'
                  : 'No se sabe quién responde.'
              }
            />
          )}
        </FormGrid>
        {identity === 'email' && <ConsentControl />}
        <AnonymousControl record={record} />
        <FormGrid>
          <NumberControl
            name="time_limit_minutes"
            label="Tiempo límite"
            {...rangeOf(fields.time_limit_minutes)}
            suffix=" min"
            placeholder="Sin límite"
            hint="Vacío: sin límite de tiempo."
          />
          <SelectControl
            name="on_expiry"
            options={ON_EXPIRY_OPTIONS}
            hint="Cuando se acaba el tiempo límite o llega el cierre."
          />
        </FormGrid>
        {onExpiry === 'grace' && (
          <FormGrid>
            <NumberControl
              name="grace_minutes"
              label="Minutos de cortesía"
              {...rangeOf(fields.grace_minutes)}
              suffix=" min"
              hint="Para enviar después de la hora; pasados, no cuenta."
            />
          </FormGrid>
        )}
        <FormGrid>
          <NumberControl
            name="attempts"
            {...rangeOf(fields.attempts)}
            hint="Más de uno exige saber quién responde (correo o código)."
          />
          {(attempts ?? 1) > 1 && (
            <SelectControl
              name="grading"
              options={GRADING_OPTIONS}
              hint="Las estadísticas usan siempre el primer intento de cada persona."
            />
          )}
        </FormGrid>
        {/* A survey has no score and no correct options: nothing of either to show. */}
        {kind !== 'survey' && (
          <>
            <FormGrid>
              <SelectControl name="feedback" options={FEEDBACK_OPTIONS} />
            </FormGrid>
            <CheckboxControl
              name="show_correct_after_close"
              hint="Quien respondió ve las opciones correctas una vez cerrado el test, no antes."
            />
          </>
        )}
        <ResultsControls record={record} />
        <FormGrid>
          <NumberControl
            name="retention_days"
            label="Conservación de las respuestas"
            {...rangeOf(fields.retention_days)}
            suffix=" días"
            placeholder="Se conservan"
            hint="Vacío: se conservan. Pasados esos días se anonimizan: se quitan correo, código y datos personales."
          />
        </FormGrid>
      </div>
    </FormSection>
  );
}

/**
 * docs/areas.md: codes go with identifying each person by their code, and a code identifies no one
 * without them. Choosing the access sets the identity, so the rule is never an error to fix by hand.
 */
function useIdentityFollowsAccess() {
  const { control, getValues, setValue } = useFormContext<TestFormValues>();
  const access = useWatch({ control, name: 'access' });
  useEffect(() => {
    const identity = getValues('identity');
    const wanted = access === 'codes' ? 'code' : identity === 'code' ? 'none' : identity;
    if (wanted !== identity) setValue('identity', wanted, { shouldDirty: true, shouldValidate: false });
  }, [access, getValues, setValue]);
}

/** The PIN: typed to set or change it, never shown back (only whether one is stored). */
function PinControl({ stored }: { stored: boolean }) {
  return (
    <TextControl
      name="pin"
      label={stored ? 'Nuevo PIN (opcional)' : 'PIN'}
      hint={
        stored
          ? 'Ya hay un PIN guardado: déjelo vacío para mantenerlo. De 4 a 8 cifras.'
          : 'De 4 a 8 cifras: quien responda lo escribe junto con la dirección.'
      }
      inputMode="numeric"
      autoComplete="off"
      spellCheck={false}
      // The longest PIN (TEST_PIN_PATTERN): what is typed past it could only be refused.
      maxLength={8}
    />
  );
}

function ClosesAtControl() {
  const opensAt = useWatch<TestFormValues, 'opens_at'>({ name: 'opens_at' });
  return (
    <DateTimeControl
      name="closes_at"
      hint={`Vacío: sin fecha de cierre. ${MADRID_TIME_HINT}`}
      // A date still being typed is `{unreadable}`, not an instant: no bound from it.
      min={typeof opensAt === 'string' ? opensAt : undefined}
    />
  );
}

/**
 * "Respuestas anónimas": once anonymous responses exist they cannot be tied back to anyone, so the
 * test cannot stop being anonymous (the API refuses it too).
 */
function AnonymousControl({ record }: { record: TestRecord | undefined }) {
  const locked = Boolean(record?.anonymous && record.responses_count > 0);
  return (
    <CheckboxControl
      name="anonymous"
      disabled={locked}
      hint={
        locked
          ? 'No se puede desactivar: el test ya tiene respuestas anónimas y nadie sabría de quién son.'
          : 'No se guarda quién respondió (ni correo, ni código, ni dirección) y la hora de envío se redondea al día.'
      }
    />
  );
}

/**
 * The published results (docs/areas.md#what-the-answers-say): whether the website may show them once
 * the test closes, and of which of the saved test's questions with options (none chosen: all).
 */
function ResultsControls({ record }: { record: TestRecord | undefined }) {
  const published = useWatch<TestFormValues, 'results_public'>({ name: 'results_public' });
  // Numbered as the builder numbers them, text questions counted.
  const options = (record?.questions ?? []).flatMap((question, index) =>
    question.type === 'text' ? [] : [{ value: question.id, label: questionLabel(question.prompt, index) }],
  );
  return (
    <>
      <CheckboxControl
        name="results_public"
        hint="Se publican solo después de la fecha de cierre, y solo cómo se reparten las respuestas de cada pregunta con opciones: nunca una respuesta suelta."
      />
      {published &&
        (options.length ? (
          <CheckboxGroupControl
            name="results_fields"
            options={options}
            hint="Ninguna marcada: todas las preguntas con opciones. Las de texto libre no se publican nunca."
          />
        ) : (
          <p className="form-field-hint">
            Cuando el test tenga guardadas preguntas con opciones, podrá elegir aquí cuáles se publican; hasta
            entonces, se publican todas.
          </p>
        ))}
    </>
  );
}

/** A question as a choice: its number and its prompt, shortened. */
const questionLabel = (prompt: string, index: number) => {
  const text = prompt.length > 80 ? `${prompt.slice(0, 79)}…` : prompt;
  return `${index + 1}. ${text}`;
};

/** The consent text, required when an email is asked, and the model text to start from. */
function ConsentControl() {
  const { getValues, setValue } = useFormContext<TestFormValues>();
  const readOnly = useContext(ReadOnlyContext);
  const [confirming, setConfirming] = useState(false);
  const fillWithModel = () =>
    setValue('consent_text', CONSENT_MODEL_TEXT, { shouldDirty: true, shouldValidate: true });

  return (
    <div className="test-consent">
      <TextareaControl
        name="consent_text"
        rows={6}
        hint="Se muestra con una casilla obligatoria antes de empezar. Si parte del modelo, complete lo que va entre corchetes."
      />
      {!readOnly && (
        <div>
          <Button
            type="button"
            label="Usar el texto modelo"
            icon="pi pi-file-edit"
            outlined
            size="small"
            onClick={() => (getValues('consent_text')?.trim() ? setConfirming(true) : fillWithModel())}
          />
        </div>
      )}
      <ConfirmDialog
        visible={confirming}
        onHide={() => setConfirming(false)}
        header="Usar el texto modelo"
        message="El texto de consentimiento actual se sustituirá por el modelo. ¿Continuar?"
        icon="pi pi-exclamation-triangle"
        acceptLabel="Sustituir"
        rejectLabel="Cancelar"
        defaultFocus="reject"
        accept={fillWithModel}
      />
    </div>
  );
}
