import { rangeOf, TEST_KINDS, TEST_LIMITS, TEST_STATUSES, TESTS, type TestRecord } from '@gestor/shared';
import { Button } from 'primereact/button';
import { memo, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  FieldArrayControl,
  type FieldArrayItem,
  FormGrid,
  NumberControl,
  SelectControl,
  SlugControl,
  TextareaControl,
  TextControl,
} from '../../../components/controls';
import type { FormFieldsProps } from '../../../components/resource/resource-screens';
import { newQuestion, type QuestionFormValues } from '../tests-form-values';
import { AnswersLinks } from './answers-links';
import { PublicationFields } from './publication-fields';
import { FoldingContext, QuestionEditor, QuestionErrorsSummary } from './question-editor';

// The test's details, its publication settings, then the builder of its questions. The details' labels and limits come from
// the field table (decision 018): what the API checks, never a copy.

const { fields } = TESTS;

const STATUS_OPTIONS = TEST_STATUSES.map((status) => ({
  value: status,
  label: fields.status.options[status],
}));
const KIND_OPTIONS = TEST_KINDS.map((kind) => ({ value: kind, label: fields.kind.options[kind] }));

/** Above this many questions, saved ones start folded: the screen opens at once and reads as a list. */
export const FOLD_ABOVE = 10;
/**
 * "Desplegar todas" up to this many: 50 unfolded questions of 6 options take about a second to lay
 * out, 200 about five, so a longer test unfolds its questions one by one.
 */
export const UNFOLD_ALL_MAX = 50;

export function TestFields({ record }: FormFieldsProps<TestRecord>) {
  return (
    <>
      {record && <AnswersLinks record={record} />}
      <FormGrid>
        <TextControl name="title" autoComplete="off" />
        <SlugControl from="title" fromLabel="del título" addressPrefix={null} />
      </FormGrid>
      <TextareaControl name="description" rows={3} />
      <KindControl />
      {/* The unit is the input's suffix here, so this label leaves out the one the table's carries
          for the history and the CSV («Nota para aprobar (%)»); so does «Tiempo límite», in «Publicación». */}
      <FormGrid>
        <PassingScoreControl />
        <SelectControl name="status" options={STATUS_OPTIONS} />
      </FormGrid>
      <PublicationFields record={record} />
      <QuestionsBuilder initialCount={record?.questions?.length ?? 0} />
    </>
  );
}

/** "Tipo de test", and what it means for the questions below (a survey has no correct options). */
function KindControl() {
  const { control } = useFormContext();
  const kind = useWatch({ control, name: 'kind' });
  return (
    <FormGrid>
      <SelectControl
        name="kind"
        options={KIND_OPTIONS}
        hint={
          kind === 'survey'
            ? 'Sin respuestas correctas ni nota: se ve cómo se reparten las respuestas.'
            : 'Con respuestas correctas y nota; el texto libre lo corrige una persona.'
        }
      />
    </FormGrid>
  );
}

/** "Nota para aprobar": a quiz's; a survey has no score to pass. */
function PassingScoreControl() {
  const { control } = useFormContext();
  if (useWatch({ control, name: 'kind' }) === 'survey') return null;
  return (
    <NumberControl
      name="passing_score"
      label="Nota para aprobar"
      {...rangeOf(fields.passing_score)}
      suffix=" %"
      hint="Porcentaje de los puntos que se corrigen solos."
    />
  );
}

// Memoized: the form renders again when it first becomes dirty, and a list of hundreds of questions
// must not render with it (its items follow the form through their own subscriptions).
const QuestionsBuilder = memo(function QuestionsBuilder({ initialCount }: { initialCount: number }) {
  const [folding, setFolding] = useState({ open: initialCount <= FOLD_ABOVE, generation: 0 });
  const foldAll = (open: boolean) =>
    setFolding((previous) => ({ open, generation: previous.generation + 1 }));

  // Only the totals watch every question: typing in one must not render the whole list again.
  return (
    <section className="test-builder" aria-labelledby="test-builder-title">
      <div className="test-builder-head">
        <h2 id="test-builder-title" className="test-builder-title">
          {fields.questions.label}
        </h2>
        <QuestionTotals onFoldAll={foldAll} />
      </div>
      <QuestionErrorsSummary />
      <FoldingContext.Provider value={folding}>
        <FieldArrayControl<QuestionFormValues>
          name="questions"
          label="Lista de preguntas"
          item={{ noun: 'pregunta', gender: 'f' }}
          addLabel="Añadir pregunta"
          newItem={newQuestion}
          maxItems={TEST_LIMITS.questions}
          emptyMessage="Todavía no hay preguntas: añada la primera."
          renderItem={renderQuestion}
        />
      </FoldingContext.Provider>
    </section>
  );
});

const renderQuestion = (item: FieldArrayItem) => <QuestionEditor item={item} />;

/** "3 preguntas · 4 puntos en la nota automática", and the buttons that fold or unfold them all. */
function QuestionTotals({ onFoldAll }: { onFoldAll: (open: boolean) => void }) {
  const { control } = useFormContext();
  const questions = useWatch({ control, name: 'questions' }) as QuestionFormValues[] | undefined;
  const survey = useWatch({ control, name: 'kind' }) === 'survey';
  const count = questions?.length ?? 0;
  const points = (questions ?? []).reduce(
    (sum, question) => sum + (question.type === 'text' ? 0 : (question.points ?? 0)),
    0,
  );
  return (
    <>
      <p className="test-builder-total">
        {count === 1 ? '1 pregunta' : `${count} preguntas`}
        {!survey && ` · ${points === 1 ? '1 punto' : `${points} puntos`} en la nota automática`}
      </p>
      {count > 1 && (
        <div className="test-builder-folding">
          {count <= UNFOLD_ALL_MAX && (
            <Button
              type="button"
              label="Desplegar todas"
              icon="pi pi-angle-double-down"
              text
              size="small"
              onClick={() => onFoldAll(true)}
            />
          )}
          <Button
            type="button"
            label="Plegar todas"
            icon="pi pi-angle-double-up"
            text
            size="small"
            onClick={() => onFoldAll(false)}
          />
        </div>
      )}
    </>
  );
}
