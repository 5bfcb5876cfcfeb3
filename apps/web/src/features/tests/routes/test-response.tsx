import { ResponseGradesInput, responseIdOf, type TestRecord, type TestResponseDetail } from '@gestor/shared';
import { Button } from 'primereact/button';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { ProgressSpinner } from 'primereact/progressspinner';
import { useState } from 'react';
import { type FieldPath, FormProvider, useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { ConflictDialog } from '../../../components/form/conflict-dialog';
import { useUnsavedChangesGuard } from '../../../components/form/unsaved-changes';
import { formatDateTime } from '../../../components/resource/format';
import { flashSuccess, useNotifier } from '../../../components/resource/use-notifier';
import { FormErrorsNotice, Notice } from '../../../components/ui/notice';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/form-errors';
import { useCan } from '../../../lib/permissions';
import { formatDay, formatDuration, passedLabel, personOf, scoreSummary } from '../answers-format';
import { responsesPath } from '../answers-paths';
import { useDeleteResponse } from '../api/delete-response';
import { useTestResponse } from '../api/get-response';
import { useGradeResponse } from '../api/grade-response';
import { AnswersPage, MissingTest, useAnswersTest } from '../components/answers-page';
import { GradeControls, ResponseAnswerItem } from '../components/response-answer';
import { ResponseStateTag } from '../components/response-state-tag';
import {
  type GradesFormValues,
  gradableAnswers,
  gradeFieldOf,
  gradesBody,
  gradesFormValues,
} from '../grades-form';

// One response (issue 33, test.results): every answer as it was given and the points it earned, the
// total; a grader (test.grade) grades its text answers here, from the version read (another
// grader's save in between is a 409, said in a dialog that offers the latest version). «Eliminar
// respuesta» erases it for good, at its person's request.

const GRADED_ELSEWHERE = 'Otra persona ha corregido esta respuesta mientras usted lo hacía.';
const NOTHING_TO_SAVE =
  'Indique los puntos de al menos una respuesta, o cambie alguna nota, antes de guardar.';

export function TestResponseRoute() {
  const params = useParams();
  const testId = responseIdOf(params.id ?? '');
  const responseId = responseIdOf(params.rid ?? '');
  return testId === null || responseId === null ? (
    <MissingTest />
  ) : (
    <ResponseScreen testId={testId} responseId={responseId} />
  );
}

function ResponseScreen({ testId, responseId }: { testId: number; responseId: number }) {
  const test = useAnswersTest(testId).data;
  const response = useTestResponse(testId, responseId);
  if (response.isSuccess) {
    return (
      <LoadedResponse
        testId={testId}
        test={test}
        response={response.data}
        reload={async () => (await response.refetch()).data}
      />
    );
  }
  return (
    <AnswersPage test={test} testId={testId} heading="Respuesta" trail={[responsesCrumb(testId)]}>
      {response.isError ? (
        <Notice severity="error">
          {isApiError(response.error) && response.error.status === 404
            ? 'Esta respuesta no existe o ha sido eliminada.'
            : `No se ha podido cargar la respuesta: ${errorMessage(response.error)}`}
        </Notice>
      ) : (
        <output className="resource-loading">
          <ProgressSpinner style={{ width: '2.5rem', height: '2.5rem' }} strokeWidth="4" aria-hidden="true" />
          <span>Cargando…</span>
        </output>
      )}
    </AnswersPage>
  );
}

const responsesCrumb = (testId: number) => ({ label: 'Respuestas', to: responsesPath(testId) });

/**
 * A response on screen: its summary, its answers and, for a grader, the form that grades its text
 * answers (leaving it with grades unsaved asks first), and «Eliminar respuesta».
 */
function LoadedResponse({
  testId,
  test,
  response,
  reload,
}: {
  testId: number;
  test: TestRecord | undefined;
  response: TestResponseDetail;
  reload: () => Promise<TestResponseDetail | undefined>;
}) {
  const can = useCan();
  const [toast, notify] = useNotifier();
  const navigate = useNavigate();
  const quiz = response.max_score !== null || test?.kind === 'quiz';
  const gradable = can('test.grade') && quiz ? gradableAnswers(response) : [];
  const gradableIds = new Set(gradable.map((answer) => answer.question_id));
  const form = useForm<GradesFormValues>({ defaultValues: gradesFormValues(response) });
  const grade = useGradeResponse(testId, response.id);
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [conflict, setConflict] = useState(false);
  const { dialog: leaveDialog, allowNavigation } = useUnsavedChangesGuard(form.formState.isDirty);
  const remove = useDeleteResponse(testId, response.id);
  const [confirmingDelete, setConfirmingDelete] = useState(false);

  const erase = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        // Erased: its unsaved grades have nothing left to belong to.
        allowNavigation();
        flashSuccess('Respuesta eliminada.');
        void navigate(responsesPath(testId));
      },
      onError: (error) => notify.error(errorMessage(error)),
    });

  /** A message of the API or of the shared schema: under its control, or above the button. */
  const placeErrors = (entries: ReadonlyArray<[string, string]>, fallback: string) => {
    const others: string[] = [];
    let first = true;
    for (const [key, message] of entries) {
      const field = gradeFieldOf(key);
      if (!field) {
        others.push(message);
        continue;
      }
      form.setError(
        field as FieldPath<GradesFormValues>,
        { type: 'server', message },
        { shouldFocus: first },
      );
      first = false;
    }
    setFormErrors(others.length || !first ? others : [fallback]);
  };

  const save = form.handleSubmit(async (values) => {
    setFormErrors([]);
    const parsed = ResponseGradesInput.safeParse({
      grades: gradesBody(response, values),
      updated_at: response.updated_at,
    });
    if (!parsed.success) {
      placeErrors(
        parsed.error.issues.map((issue) => [
          issue.path.join('.'),
          // Nothing given or changed: said the way a grader reads it.
          issue.path.join('.') === 'grades' ? NOTHING_TO_SAVE : issue.message,
        ]),
        NOTHING_TO_SAVE,
      );
      return;
    }
    try {
      const saved = await grade.mutateAsync(parsed.data);
      form.reset(gradesFormValues(saved));
      notify.success('Notas guardadas.');
    } catch (error) {
      if (isApiError(error) && error.status === 409) {
        setConflict(true);
      } else if (isApiError(error) && error.status === 422) {
        placeErrors(
          Object.entries(error.errors).flatMap(([key, messages]) =>
            messages[0] ? [[key, messages[0]]] : [],
          ) as Array<[string, string]>,
          error.message,
        );
      } else {
        setFormErrors([errorMessage(error)]);
      }
    }
  });

  const loadLatest = async () => {
    const latest = await reload();
    if (latest) form.reset(gradesFormValues(latest));
    setConflict(false);
  };

  const answers = (
    <ol className="response-answers" aria-label="Respuestas a cada pregunta">
      {response.answers.map((answer, index) => (
        <ResponseAnswerItem
          key={answer.question_id}
          answer={answer}
          number={index + 1}
          quiz={quiz}
          grading={
            gradableIds.has(answer.question_id) ? (
              <GradeControls answer={answer} number={index + 1} />
            ) : undefined
          }
        />
      ))}
    </ol>
  );
  const pending = gradable.filter((answer) => answer.needs_grade).length;

  return (
    <AnswersPage
      test={test}
      testId={testId}
      heading="Respuesta"
      trail={[responsesCrumb(testId)]}
      toast={toast}
      actions={
        <Button
          type="button"
          label="Eliminar respuesta"
          icon="pi pi-trash"
          severity="danger"
          outlined
          loading={remove.isPending}
          onClick={() => setConfirmingDelete(true)}
        />
      }
    >
      <ResponseSummary response={response} test={test} />
      {gradable.length ? (
        <FormProvider {...form}>
          <form className="response-grades-form" noValidate onSubmit={save}>
            {answers}
            <div className="card response-grades-actions">
              <FormErrorsNotice messages={formErrors} />
              <p className="resource-muted">
                {pending === 0
                  ? 'Todas las respuestas de texto están corregidas; puede cambiar sus notas.'
                  : pending === 1
                    ? 'Queda 1 respuesta de texto por corregir.'
                    : `Quedan ${pending} respuestas de texto por corregir.`}
              </p>
              <Button type="submit" label="Guardar notas" icon="pi pi-check" loading={grade.isPending} />
            </div>
          </form>
        </FormProvider>
      ) : (
        answers
      )}
      {leaveDialog}
      <ConflictDialog
        message={conflict ? GRADED_ELSEWHERE : null}
        onCancel={() => setConflict(false)}
        onLoadLatest={() => void loadLatest()}
      />
      <ConfirmDialog
        visible={confirmingDelete}
        onHide={() => setConfirmingDelete(false)}
        header="Eliminar respuesta"
        message="Se borra para siempre, con sus notas: es lo que se hace cuando quien respondió pide que se supriman sus datos (derecho de supresión). No se puede deshacer. ¿Eliminar esta respuesta?"
        icon="pi pi-exclamation-triangle"
        acceptLabel="Eliminar"
        rejectLabel="Cancelar"
        acceptClassName="p-button-danger"
        defaultFocus="reject"
        className="resource-dialog"
        accept={erase}
      />
    </AnswersPage>
  );
}

/** The response at a glance: its state, when, who, how long, its score and whether it passed. */
function ResponseSummary({ response, test }: { response: TestResponseDetail; test: TestRecord | undefined }) {
  const anonymous = test?.anonymous ?? response.email === null;
  const passed = passedLabel(response.passed);
  const quiz = response.max_score !== null;
  return (
    <dl className="card response-summary">
      <div>
        <dt>Estado</dt>
        <dd>
          <ResponseStateTag state={response.state} />
        </dd>
      </div>
      <div>
        <dt>Fecha de envío</dt>
        <dd>{test?.anonymous ? formatDay(response.submitted_at) : formatDateTime(response.submitted_at)}</dd>
      </div>
      {!anonymous && (
        <div>
          <dt>Persona</dt>
          <dd>{personOf(response)}</dd>
        </div>
      )}
      <div>
        <dt>Tiempo empleado</dt>
        <dd>{formatDuration(response.duration_seconds)}</dd>
      </div>
      {quiz && (
        <div>
          <dt>Puntuación</dt>
          {/* Said again when a grade changes it. */}
          <dd aria-live="polite" className="response-total">
            {scoreSummary(response)}
            {passed && ` · ${passed}`}
          </dd>
        </div>
      )}
    </dl>
  );
}
