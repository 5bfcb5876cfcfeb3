import { QUESTION_TYPE_LABELS, QUESTION_TYPES, type QuestionType, TEST_LIMITS } from '@gestor/shared';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { RadioButton } from 'primereact/radiobutton';
import { createContext, useContext, useEffect, useId, useState } from 'react';
import { get, useController, useFormContext, useFormState, useWatch } from 'react-hook-form';
import {
  CheckboxControl,
  FieldArrayControl,
  type FieldArrayItem,
  NumberControl,
  ReadOnlyContext,
  TextareaControl,
  TextControl,
} from '../../../components/controls';
import { Notice } from '../../../components/ui/notice';
import { newOption, type OptionFormValues } from '../tests-form-values';

// One question of the builder: its prompt and help, type (única, múltiple, texto libre), points,
// whether it must be answered, and options, each with its "correct" mark in a quiz (a radio for
// single, a checkbox for multiple; a survey has none). A long test
// shows its questions folded (a summary line each) so its screen opens at once; a question with an
// error is always unfolded, so the message is seen beside it.

/** Whether questions start unfolded, and a counter that makes every question take it up again. */
export const FoldingContext = createContext<{ open: boolean; generation: number }>({
  open: true,
  generation: 0,
});

const pointsText = (points: number | null | undefined) =>
  points === 1 ? '1 punto' : `${points ?? '—'} puntos`;

const optionsText = (count: number) =>
  count === 0 ? 'sin opciones' : count === 1 ? '1 opción' : `${count} opciones`;

export function QuestionEditor({ item }: { item: FieldArrayItem }) {
  const { name, index } = item;
  const { control } = useFormContext();
  const { errors } = useFormState({ control, name });
  const hasError = Boolean(get(errors, name));
  const [id, type, prompt, points, options, required, kind] = useWatch({
    control,
    name: [
      `${name}.id`,
      `${name}.type`,
      `${name}.prompt`,
      `${name}.points`,
      `${name}.options`,
      `${name}.required`,
      'kind',
    ],
  }) as [number | null, QuestionType, string, number | null, OptionFormValues[] | undefined, boolean, string];
  const survey = kind === 'survey';

  // A new question starts unfolded; saved ones follow the builder (folded in a long test).
  const folding = useContext(FoldingContext);
  const [open, setOpen] = useState(folding.open || id === null);
  useEffect(() => {
    if (folding.generation) setOpen(folding.open);
  }, [folding]);
  const unfolded = open || hasError;
  const bodyId = useId();
  const position = index + 1;

  // A plain button in PrimeReact's look: a long test has one per question, and PrimeReact's Button
  // renders twice on mount (its ripple), which a list of hundreds feels.
  const label = unfolded ? 'Plegar' : 'Editar';
  const toggle = (
    <button
      type="button"
      className="p-button p-component p-button-text p-button-sm test-question-toggle"
      aria-label={`${label} la pregunta ${position}`}
      aria-expanded={unfolded}
      aria-controls={unfolded ? bodyId : undefined}
      // A question with an error stays unfolded: its message must stay in sight.
      disabled={hasError}
      onClick={() => setOpen(!unfolded)}
    >
      <span
        className={`p-button-icon p-c p-button-icon-left pi ${unfolded ? 'pi-chevron-up' : 'pi-chevron-down'}`}
        aria-hidden="true"
      />
      <span className="p-button-label p-c">{label}</span>
    </button>
  );

  return (
    <div className="test-question" data-question-index={index}>
      {unfolded ? (
        <div id={bodyId} className="test-question-body">
          <TextareaControl
            name={`${name}.prompt`}
            label="Enunciado"
            maxLength={TEST_LIMITS.prompt}
            rows={3}
            // Growing with the text measures the page on mount: hundreds of prompts unfolded at once
            // would make the browser lay it out once per prompt.
            autoResize={false}
          />
          <TextControl
            name={`${name}.help`}
            label="Ayuda (opcional)"
            hint="Se muestra bajo el enunciado."
            maxLength={TEST_LIMITS.help}
            autoComplete="off"
          />
          <div className="test-question-settings">
            <QuestionTypeControl name={name} />
            {/* A survey is not scored: its questions have no points to give. */}
            {!survey && (
              <NumberControl name={`${name}.points`} label="Puntos" min={1} max={TEST_LIMITS.points} />
            )}
            {toggle}
          </div>
          <div className="test-question-flags">
            <CheckboxControl name={`${name}.required`} label="Obligatoria" />
            {type === 'text' && (
              <CheckboxControl
                name={`${name}.personal`}
                label="Sus respuestas pueden contener datos personales"
                hint="Se borran al anonimizar las respuestas."
              />
            )}
          </div>
          {type === 'text' ? (
            <p className="test-question-note">
              {survey
                ? 'Respuesta libre: se recogen tal como se escriben.'
                : 'Una persona corrige las respuestas de texto libre: esta pregunta no cuenta en la nota automática.'}
            </p>
          ) : (
            <QuestionOptions name={name} type={type} survey={survey} />
          )}
        </div>
      ) : (
        <div className="test-question-head">
          <div className="test-question-summary">
            <span className="test-question-summary-prompt">{prompt.trim() || 'Sin enunciado'}</span>
            <span className="test-question-summary-meta">
              {QUESTION_TYPE_LABELS[type]}
              {survey ? '' : ` · ${pointsText(points)}`}
              {type === 'text' ? '' : ` · ${optionsText(options?.length ?? 0)}`}
              {required ? '' : ' · opcional'}
            </span>
          </div>
          {toggle}
        </div>
      )}
    </div>
  );
}

/** "Tipo": three radios, so the arrow keys switch it. Leaving "texto libre" brings two options back. */
function QuestionTypeControl({ name }: { name: string }) {
  const { control, getValues, setValue } = useFormContext();
  const readOnly = useContext(ReadOnlyContext);
  const { field } = useController({ control, name: `${name}.type` });
  const groupId = useId();
  const choose = (type: QuestionType) => {
    const options = (getValues(`${name}.options`) as OptionFormValues[] | undefined) ?? [];
    if (type !== 'text' && options.length < 2) {
      setValue(`${name}.options`, [...options, ...Array.from({ length: 2 - options.length }, newOption)], {
        shouldDirty: true,
      });
    }
    // Only a text question's answers are marked as personal data.
    if (type !== 'text') setValue(`${name}.personal`, false, { shouldDirty: true });
    field.onChange(type);
  };
  return (
    <fieldset className="test-question-type">
      <legend className="form-field-label">Tipo</legend>
      <div className="test-question-type-choices">
        {QUESTION_TYPES.map((type, i) => (
          <div key={type} className="checkbox-field">
            <RadioButton
              inputId={`${groupId}-${type}`}
              inputRef={i === 0 ? field.ref : undefined}
              name={`${groupId}-type`}
              value={type}
              checked={field.value === type}
              onChange={() => choose(type)}
              onBlur={field.onBlur}
              disabled={readOnly}
            />
            <label htmlFor={`${groupId}-${type}`}>{QUESTION_TYPE_LABELS[type]}</label>
          </div>
        ))}
      </div>
    </fieldset>
  );
}

function QuestionOptions({
  name,
  type,
  survey,
}: {
  name: string;
  type: Exclude<QuestionType, 'text'>;
  survey: boolean;
}) {
  // One radio group per question: the arrow keys move the single correct answer among its options.
  const group = useId();
  return (
    <FieldArrayControl<OptionFormValues>
      name={`${name}.options`}
      label="Opciones"
      hint={
        survey
          ? type === 'single'
            ? 'Quien responde elige una.'
            : 'Quien responde puede elegir varias.'
          : type === 'single'
            ? 'Marque la opción correcta (solo una).'
            : 'Marque todas las opciones correctas (al menos una).'
      }
      item={{ noun: 'opción', gender: 'f' }}
      addLabel="Añadir opción"
      newItem={newOption}
      maxItems={TEST_LIMITS.options}
      emptyMessage="Todavía no hay opciones."
      renderItem={(option) => (
        <OptionEditor question={name} option={option} type={type} group={group} survey={survey} />
      )}
    />
  );
}

/** An option of a choice question: its place in the form, and its question's type and radio group. */
interface OptionProps {
  question: string;
  option: FieldArrayItem;
  type: Exclude<QuestionType, 'text'>;
  group: string;
}

function OptionEditor({ survey, ...props }: OptionProps & { survey: boolean }) {
  const { option } = props;
  // The text first: it is what a new option's focus lands on (the first field it registers).
  return (
    <div className="test-option">
      <TextControl
        name={`${option.name}.text`}
        label="Texto"
        maxLength={TEST_LIMITS.option}
        autoComplete="off"
      />
      {/* A survey has no correct options. */}
      {!survey && <CorrectMark {...props} />}
    </div>
  );
}

/** "Correcta": a radio of the question's group (single), or a checkbox (multiple). */
function CorrectMark({ question, option, type, group }: OptionProps) {
  const { control, getValues, setValue, trigger } = useFormContext();
  const readOnly = useContext(ReadOnlyContext);
  const { field } = useController({ control, name: `${option.name}.correct` });
  const { errors } = useFormState({ control, name: `${question}.options` });
  const inputId = useId();
  const recheck = () => {
    // A message about the marks goes as soon as they are right again.
    if (get(errors, `${question}.options`)) void trigger(`${question}.options`);
  };
  const markOnly = () => {
    const options = getValues(`${question}.options`) as OptionFormValues[];
    options.forEach((_, i) => {
      if (i !== option.index) setValue(`${question}.options.${i}.correct`, false, { shouldDirty: true });
    });
    field.onChange(true);
    recheck();
  };
  const checked = Boolean(field.value);
  return (
    <div className="checkbox-field test-option-correct">
      {type === 'single' ? (
        <RadioButton
          inputId={inputId}
          inputRef={field.ref}
          name={group}
          value={option.index}
          checked={checked}
          onChange={markOnly}
          onBlur={field.onBlur}
          disabled={readOnly}
        />
      ) : (
        <Checkbox
          inputId={inputId}
          inputRef={field.ref}
          checked={checked}
          onChange={(event) => {
            field.onChange(Boolean(event.checked));
            recheck();
          }}
          onBlur={field.onBlur}
          disabled={readOnly}
        />
      )}
      <label htmlFor={inputId}>
        Correcta<span className="sr-only"> (opción {option.index + 1})</span>
      </label>
    </div>
  );
}

/**
 * After a save attempt, the questions with errors, each a button that unfolds and focuses it: a rule
 * broken by a question far down the list is found without scrolling through it.
 */
export function QuestionErrorsSummary() {
  const { control } = useFormContext();
  const { errors, submitCount } = useFormState({ control, name: 'questions' });
  const questionErrors = (errors.questions ?? {}) as Record<string, unknown>;
  const wrong = Object.keys(questionErrors)
    .filter((key) => /^\d+$/.test(key) && questionErrors[key])
    .map(Number)
    .sort((a, b) => a - b);
  if (!submitCount || !wrong.length) return null;
  const go = (index: number) => {
    const element = document.querySelector<HTMLElement>(`[data-question-index="${index}"]`);
    const own = questionErrors[String(index)] as
      | { options?: { message?: string; root?: unknown } }
      | undefined;
    // A rule about the options as a whole (none marked correct…): to their first mark.
    const aboutOptions = Boolean(own?.options?.message || own?.options?.root);
    const target =
      (aboutOptions ? element?.querySelector<HTMLElement>('.test-option-correct input') : null) ??
      element?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      element?.querySelector<HTMLElement>('input, textarea');
    target?.focus();
    target?.scrollIntoView({ block: 'center' });
  };
  return (
    <Notice severity="error">
      <p className="notice-line">
        {wrong.length === 1 ? 'Una pregunta tiene errores:' : `${wrong.length} preguntas tienen errores:`}
      </p>
      <ul className="test-errors-summary">
        {wrong.slice(0, 20).map((index) => (
          <li key={index}>
            <Button
              type="button"
              link
              size="small"
              className="test-errors-summary-link"
              label={`Pregunta ${index + 1}: ${firstMessage(questionErrors[String(index)]) ?? 'revísela'}`}
              onClick={() => go(index)}
            />
          </li>
        ))}
      </ul>
    </Notice>
  );
}

/** The first message inside a field's nested errors (its options', its own). */
function firstMessage(error: unknown, depth = 0): string | undefined {
  if (!error || typeof error !== 'object' || depth > 4) return undefined;
  const { message } = error as { message?: unknown };
  if (typeof message === 'string' && message) return message;
  for (const [key, value] of Object.entries(error)) {
    if (key === 'ref') continue;
    const found = firstMessage(value, depth + 1);
    if (found) return found;
  }
  return undefined;
}
