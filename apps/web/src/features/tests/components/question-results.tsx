import type { TestQuestion } from '@gestor/shared';
import { Tag } from 'primereact/tag';
import { lazy, Suspense, useRef } from 'react';
import { useInView } from '../../../lib/use-in-view';
import { formatCount, formatPercent } from '../answers-format';
import type { ResultsStatistics } from '../api/get-statistics';
import { questionFigures } from '../statistics-figures';
import { FreeAnswers } from './free-answers';
import { CorrectOptionMark } from './response-state-tag';

// One question on the results page: for a quiz its item analysis, with «Revisar» said in words when
// it discriminates badly; for a question with options, how many chose each one, as a bar chart and
// as a table of the same numbers; for a text question, its free answers to read.

// Chart.js only on this page, and only once a question with options is on screen.
const OptionChart = lazy(() => import('./option-chart'));

type QuestionStatistics = ResultsStatistics['questions'][number];

export function QuestionResults({
  testId,
  question,
  number,
  statistics,
  quiz,
  anonymous,
  narrow,
}: {
  testId: number;
  question: TestQuestion;
  number: number;
  /** Absent when the statistics do not list it (a question added since). */
  statistics: QuestionStatistics | undefined;
  quiz: boolean;
  anonymous: boolean;
  narrow: boolean;
}) {
  const titleId = `results-question-${question.id}`;
  return (
    <section className="card question-results" aria-labelledby={titleId}>
      <div className="question-results-head">
        <h3 id={titleId} className="question-results-title">
          Pregunta {number}
        </h3>
        {quiz && statistics?.flagged && (
          <Tag
            severity="danger"
            icon="pi pi-exclamation-triangle"
            value="Revisar"
            title="Discrimina poco o al revés: revise su enunciado y sus opciones."
          />
        )}
      </div>
      <p className="question-results-prompt">{question.prompt}</p>
      {quiz && statistics?.flagged && (
        <p className="question-results-flag">
          Revisar: quienes mejor hacen el test no la aciertan más que el resto (eficiencia discriminativa por
          debajo del 15 % o índice de discriminación negativo).
        </p>
      )}
      {quiz && statistics && (
        <dl className="question-figures">
          {questionFigures(statistics).map((figure) => (
            <div key={figure.key}>
              <dt>{figure.label}</dt>
              <dd>{figure.value}</dd>
            </div>
          ))}
        </dl>
      )}
      {question.type === 'text' ? (
        <FreeAnswers
          testId={testId}
          questionId={question.id}
          number={number}
          anonymous={anonymous}
          narrow={narrow}
        />
      ) : (
        <OptionCounts question={question} number={number} statistics={statistics} quiz={quiz} />
      )}
    </section>
  );
}

function OptionCounts({
  question,
  number,
  statistics,
  quiz,
}: {
  question: TestQuestion;
  number: number;
  statistics: QuestionStatistics | undefined;
  quiz: boolean;
}) {
  const chartRef = useRef<HTMLDivElement>(null);
  const inView = useInView(chartRef);
  const answered = statistics?.answered ?? 0;
  const counted = new Map((statistics?.options ?? []).map((option) => [option.id, option]));
  const rows = question.options.map((option) => ({
    option,
    count: counted.get(option.id)?.count ?? 0,
    percent: counted.get(option.id)?.percent ?? null,
  }));
  if (!answered) return <p className="resource-muted">Nadie ha respondido todavía a esta pregunta.</p>;
  const description = `Gráfico de barras: cuántas respuestas eligieron cada opción de la pregunta ${number}; los mismos datos están en la tabla de debajo.`;
  return (
    <>
      <p className="resource-muted">
        Respondida por {answered === 1 ? '1 persona' : `${formatCount(answered)} personas`}
        {question.type === 'multiple' &&
          '; cada una pudo elegir varias opciones, así que los porcentajes suman más de 100'}
        .
      </p>
      <div ref={chartRef} className="option-chart-box">
        {inView && (
          <Suspense fallback={<p className="resource-muted">Cargando el gráfico…</p>}>
            <OptionChart
              bars={rows.map(({ option, count }) => ({ label: option.text, count }))}
              description={description}
            />
          </Suspense>
        )}
      </div>
      <table className="option-counts">
        <caption className="sr-only">Respuestas a cada opción de la pregunta {number}</caption>
        <thead>
          <tr>
            <th scope="col">Opción</th>
            <th scope="col">Respuestas</th>
            <th scope="col">%</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ option, count, percent }) => (
            <tr key={option.id}>
              <th scope="row">
                {option.text}
                {quiz && option.correct && <CorrectOptionMark />}
              </th>
              <td>{formatCount(count)}</td>
              <td>{formatPercent(percent)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
