import { questionsInOrder, TESTS, type TestRecord } from '@gestor/shared';
import { formOf } from '../../components/resource/form-values';
import { formatDateTime } from '../../components/resource/format';
import { choiceFilter, defineResourceScreens } from '../../components/resource/resource-screens';
import { RescoreMessage } from './components/rescore-message';
import { TestActions } from './components/test-actions';
import { TestCodes } from './components/test-codes';
import { TestFields } from './components/test-fields';
import { TestStatusTag } from './components/test-status-tag';
import { rescoreConfirmation } from './rescore-confirmation';
import { describeQuestionChanges } from './test-history';
import './components/tests.css';
import { resultsFieldsOf, type TestFormValues, withPin } from './tests-form-values';

// Tests (questionnaires) on the resource machinery: /test, /test/create, /test/{id}. The form is the
// details, the publication settings and the builder of questions; the edit screen adds "Vista previa"
// and "Duplicar", and under it the single-use codes of a test answered with them.

const STATUS_FILTER = choiceFilter(TESTS, 'status');

export const testScreens = defineResourceScreens<TestRecord, TestFormValues>({
  contract: TESTS,
  searchPlaceholder: 'Título o descripción',
  purpose: 'Aquí se preparan los cuestionarios, con sus preguntas y la nota para aprobar.',
  // Spanish full text over title and description, best matches first (like news).
  rankedSearch: true,
  columns: [
    { field: 'title', link: true, card: 'title' },
    {
      field: 'status',
      card: 'status',
      body: (test) => <TestStatusTag status={test.status} />,
    },
    // On wide screens and on a phone's cards; at a laptop's width the list keeps to the columns it had.
    { field: 'kind', priority: 3, card: 'detail', body: (test) => TESTS.fields.kind.options[test.kind] },
    { field: 'questions_count', align: 'right', priority: 2, card: 'detail' },
    {
      field: 'passing_score',
      header: 'Para aprobar',
      priority: 2,
      align: 'right',
      // A survey has no score to pass.
      body: (test) => (test.kind === 'survey' ? '—' : `${test.passing_score} %`),
    },
    {
      field: 'time_limit_minutes',
      header: 'Tiempo límite',
      priority: 2,
      align: 'right',
      body: (test) => (test.time_limit_minutes === null ? 'Sin límite' : `${test.time_limit_minutes} min`),
    },
    {
      field: 'updated_at',
      card: 'date',
      body: (test) => formatDateTime(test.updated_at),
    },
  ],
  useFilters: () => [STATUS_FILTER],
  form: {
    ...formOf<typeof TESTS.fields, TestRecord, TestFormValues>(TESTS, {
      // The builder's questions are not the API's input (tests-form-values.ts): no positions (the
      // order says them), no id until saved, points empty while typed, a free-text question's options
      // kept in case it changes back, no help as an empty text. So they are read and sent here.
      manual: ['questions'],
      fromRecord: {
        questions: (test) =>
          questionsInOrder(test.questions ?? []).map((question) => ({
            ...question,
            help: question.help ?? '',
          })),
      },
      // The questions go as a whole, in order, each with its id when it has one. Index for index the
      // same as the form's, so the shared schema's messages land beside the question they belong to.
      toBody: (values, record, body) => ({
        ...withPin(values, record, body),
        results_fields: resultsFieldsOf(values),
        questions: values.questions.map((question) => ({
          ...(question.id ? { id: question.id } : {}),
          prompt: question.prompt,
          type: question.type,
          points: question.points,
          required: question.required,
          help: question.help,
          personal: question.type === 'text' && question.personal,
          options:
            question.type === 'text'
              ? []
              : question.options.map((option) => ({
                  ...(option.id ? { id: option.id } : {}),
                  text: option.text,
                  // A survey has none: marks kept from a quiz stay in the form (switching back
                  // brings them back) but are not sent.
                  correct: values.kind !== 'survey' && option.correct,
                })),
        })),
      }),
    }),
    // Saving a test with responses asks first when the change scores them again (rescore-confirmation.ts).
    confirmSave: (body, record) => {
      const asked = rescoreConfirmation(record, body);
      return (
        asked && {
          header: 'Volver a puntuar las respuestas',
          message: <RescoreMessage {...asked} />,
          acceptLabel: 'Guardar y volver a puntuar',
          confirmed: { rescore: true },
        }
      );
    },
    Fields: TestFields,
    Actions: TestActions,
    // «Códigos», when the saved test is answered with single-use codes.
    Related: TestCodes,
    auditChange: (field, change, action) =>
      field === 'questions' ? describeQuestionChanges(change, action) : undefined,
  },
});
