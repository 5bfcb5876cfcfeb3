import { responseIdOf, type TestRecord } from '@gestor/shared';
import { ProgressSpinner } from 'primereact/progressspinner';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { PHONE_QUERY } from '../../../components/list/record-table';
import { ButtonLink } from '../../../components/ui/button-link';
import { Notice } from '../../../components/ui/notice';
import { errorMessage } from '../../../lib/form-errors';
import { useCan } from '../../../lib/permissions';
import { useMediaQuery } from '../../../lib/use-media-query';
import { formatCount } from '../answers-format';
import { responsesPath } from '../answers-paths';
import { type ResultsStatistics, useTestStatistics } from '../api/get-statistics';
import { AnswersPage, MissingTest, useAnswersTest } from '../components/answers-page';
import { QuestionResults } from '../components/question-results';
import { QUESTION_FIGURE_LEGEND, testFigures } from '../statistics-figures';

// «Resultados» (issue 33, test.results): what a test's responses say together. For a quiz, the
// test's figures and each question's item analysis (after Moodle's quiz statistics), each figure
// with what it means; for every question with options, how many chose each one, as a chart and as a
// table of the same numbers; for a text question, its free answers. The questions' words come from
// the test, so the page needs test.view as well.

export function TestResultsRoute() {
  const testId = responseIdOf(useParams().id ?? '');
  return testId === null ? <MissingTest /> : <ResultsScreen testId={testId} />;
}

function ResultsScreen({ testId }: { testId: number }) {
  const can = useCan();
  const test = useAnswersTest(testId);
  const statistics = useTestStatistics(testId);
  let content: ReactNode;
  if (!can('test.view')) {
    content = (
      <Notice severity="info">
        Los resultados muestran las preguntas del test: para verlos hace falta también el permiso «Tests:
        Ver».
      </Notice>
    );
  } else if (test.isError || statistics.isError) {
    content = (
      <Notice severity="error">
        No se han podido cargar los resultados: {errorMessage(test.error ?? statistics.error)}
      </Notice>
    );
  } else if (!test.data || !statistics.data) {
    content = (
      <output className="resource-loading">
        <ProgressSpinner style={{ width: '2.5rem', height: '2.5rem' }} strokeWidth="4" aria-hidden="true" />
        <span>Cargando…</span>
      </output>
    );
  } else {
    content = <Results test={test.data} statistics={statistics.data} />;
  }
  return (
    <AnswersPage
      test={test.data}
      testId={testId}
      heading="Resultados"
      actions={
        <ButtonLink
          to={responsesPath(testId)}
          icon="pi pi-inbox"
          label="Ver las respuestas"
          variant="outlined"
        />
      }
    >
      {content}
    </AnswersPage>
  );
}

function Results({ test, statistics }: { test: TestRecord; statistics: ResultsStatistics }) {
  const narrow = useMediaQuery(PHONE_QUERY);
  const quiz = test.kind === 'quiz';
  // In the test's order (the API reads them so).
  const questions = test.questions ?? [];
  const byId = new Map(statistics.questions.map((question) => [question.id, question]));
  if (test.responses_count === 0) {
    return (
      <div className="card answers-empty">
        <p className="resource-empty-title">Todavía no hay respuestas enviadas.</p>
        <p className="resource-muted">
          Los resultados aparecerán aquí en cuanto alguien envíe el test: cómo se reparten las respuestas de
          cada pregunta{quiz ? ', y las cifras de la nota y de cada pregunta' : ''}.
        </p>
      </div>
    );
  }
  return (
    <>
      <p className="answers-intro">
        {test.responses_count === 1
          ? '1 respuesta enviada.'
          : `${formatCount(test.responses_count)} respuestas enviadas.`}{' '}
        {quiz
          ? 'Las cifras de la nota usan el primer intento de cada persona, una vez corregidas todas sus respuestas de texto.'
          : 'Una encuesta no tiene nota: se ve cómo se reparten las respuestas.'}
      </p>
      {quiz && (
        <section className="card results-section" aria-labelledby="results-test-title">
          <h2 id="results-test-title" className="results-section-title">
            El test en conjunto
          </h2>
          <dl className="results-figures">
            {testFigures(statistics.test).map((figure) => (
              <div key={figure.key} className="results-figure">
                <dt>{figure.label}</dt>
                <dd className="results-figure-value">{figure.value}</dd>
                <dd className="results-figure-explanation">{figure.explanation}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}
      <section className="results-questions" aria-labelledby="results-questions-title">
        <h2 id="results-questions-title" className="results-section-title">
          Preguntas
        </h2>
        {quiz && (
          <div className="card results-legend">
            <h3 className="results-legend-title">Qué dice cada cifra de una pregunta</h3>
            <dl>
              {QUESTION_FIGURE_LEGEND.map((figure) => (
                <div key={figure.key}>
                  <dt>{figure.label}</dt>
                  <dd>{figure.explanation}</dd>
                </div>
              ))}
              <div>
                <dt>Revisar</dt>
                <dd>
                  Se marca la pregunta cuya eficiencia discriminativa está por debajo del 15 % o cuyo índice
                  de discriminación es negativo.
                </dd>
              </div>
            </dl>
          </div>
        )}
        {questions.map((question, index) => (
          <QuestionResults
            key={question.id}
            testId={test.id}
            question={question}
            number={index + 1}
            statistics={byId.get(question.id)}
            quiz={quiz}
            anonymous={test.anonymous}
            narrow={narrow}
          />
        ))}
      </section>
    </>
  );
}
