import type { TestAnswer, TestQuestion, TestRecord, TestScore } from '@gestor/shared';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dialog } from 'primereact/dialog';
import { InputTextarea } from 'primereact/inputtextarea';
import { RadioButton } from 'primereact/radiobutton';
import { Tag } from 'primereact/tag';
import { type FormEvent, type Ref, useEffect, useId, useRef, useState } from 'react';
import { Notice } from '../../../components/ui/notice';
import { errorMessage } from '../../../lib/form-errors';
import { useMediaQuery } from '../../../lib/use-media-query';
import { useScoreTest } from '../api/score-test';
import { announcementMarks, crossedMark, formatClock, remainingSentence, spokenDuration } from './countdown';

// "Vista previa": the editor takes the saved test as a person would — the time limit counting down
// when there is one — and gets the score the server computes (POST /api/tests/{id}/score).

type Phase = 'intro' | 'taking' | 'result';
type Answers = Record<number, number[] | string>;

const pointsText = (points: number) => (points === 1 ? '1 punto' : `${points} puntos`);
const TEXT_QUESTION_GRADING = 'La corrige una persona; no cuenta en la nota automática.';
/** Whether a question has an answer: an option chosen, or some text written. */
const answered = (answer: number[] | string | undefined) =>
  Array.isArray(answer) ? answer.length > 0 : Boolean(answer?.trim());

/** "1, 3 y 5". */
const listed = (positions: number[]) =>
  positions.length === 1
    ? String(positions[0])
    : `${positions.slice(0, -1).join(', ')} y ${positions[positions.length - 1]}`;

const percentText = (percent: number) => `${percent.toLocaleString('es-ES', { maximumFractionDigits: 2 })} %`;

export function TestPreviewDialog({
  test,
  unsavedChanges,
  onHide,
}: {
  test: TestRecord;
  unsavedChanges: boolean;
  onHide: () => void;
}) {
  const questions = test.questions ?? [];
  const [phase, setPhase] = useState<Phase>('intro');
  const [answers, setAnswers] = useState<Answers>({});
  const [result, setResult] = useState<TestScore | null>(null);
  const [timedOut, setTimedOut] = useState(false);
  // The required questions left unanswered at the last "Entregar" (their positions).
  const [missing, setMissing] = useState<number[]>([]);
  const survey = test.kind === 'survey';
  // One live region for the whole dialog, present from the start so what it says later is read.
  const [spoken, setSpoken] = useState('');
  const score = useScoreTest(test.id);
  const resultHeading = useRef<HTMLHeadingElement>(null);
  const firstQuestion = useRef<HTMLFieldSetElement>(null);
  const narrow = useMediaQuery('(max-width: 575.98px)');
  const limitSeconds = test.time_limit_minutes === null ? null : test.time_limit_minutes * 60;

  useEffect(() => {
    if (phase === 'result') resultHeading.current?.focus();
    if (phase === 'taking') firstQuestion.current?.querySelector<HTMLElement>('input, textarea')?.focus();
  }, [phase]);

  const start = () => {
    setAnswers({});
    setResult(null);
    setTimedOut(false);
    setMissing([]);
    score.reset();
    setPhase('taking');
    if (limitSeconds !== null) setSpoken(`Empieza el tiempo: tiene ${spokenDuration(limitSeconds)}.`);
  };

  const deliver = async (reason: 'delivered' | 'timeout') => {
    // Only what was answered: an unanswered question scores nothing.
    const body: Record<string, TestAnswer> = {};
    for (const [id, answer] of Object.entries(answers)) {
      if (answered(answer)) body[id] = answer;
    }
    if (reason === 'timeout') {
      setTimedOut(true);
      setSpoken('Se ha acabado el tiempo: sus respuestas se han entregado.');
    }
    try {
      setResult(await score.mutateAsync(body));
      setPhase('result');
    } catch {
      // The message shows in the dialog; the answers stay for another try.
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // React sends a submit up its own tree, portals included: the test's form around the "Vista
    // previa" button must not take it for a save (a PUT, and a 403 without test.update).
    event.stopPropagation();
    // A required question must be answered; when time runs out, what there is goes in anyway.
    const unanswered = questions
      .map((question, index) => ({ question, position: index + 1 }))
      .filter(({ question }) => question.required && !answered(answers[question.id]));
    setMissing(unanswered.map(({ position }) => position));
    if (unanswered.length) {
      document
        .getElementById(`pregunta-${unanswered[0]!.question.id}`)
        ?.querySelector<HTMLElement>('input, textarea')
        ?.focus();
      return;
    }
    void deliver('delivered');
  };

  const choose = (question: TestQuestion, optionId: number, checked: boolean) =>
    setAnswers((previous) => {
      if (question.type === 'single') return { ...previous, [question.id]: [optionId] };
      const chosen = new Set((previous[question.id] as number[] | undefined) ?? []);
      if (checked) chosen.add(optionId);
      else chosen.delete(optionId);
      // In the options' order, as the person reads them.
      return { ...previous, [question.id]: question.options.map((o) => o.id).filter((id) => chosen.has(id)) };
    });

  const textQuestions = questions.filter((question) => question.type === 'text').length;

  return (
    <Dialog
      visible
      onHide={onHide}
      header={`Vista previa: ${test.title}`}
      className="test-preview-dialog"
      draggable={false}
      resizable={false}
      blockScroll
      maximized={narrow}
      // The whole test is no description of the dialog: its title says what it is.
      pt={{ root: { 'aria-describedby': undefined } }}
    >
      <p className="sr-only" aria-live="polite" aria-atomic="true">
        {spoken}
      </p>

      {phase === 'intro' && (
        <div className="test-preview-intro">
          {unsavedChanges && (
            <Notice severity="info">
              Hay cambios sin guardar: la vista previa muestra la última versión guardada.
            </Notice>
          )}
          {test.description && <p>{test.description}</p>}
          <ul className="test-preview-facts">
            <li>{questions.length === 1 ? '1 pregunta' : `${questions.length} preguntas`}</li>
            <li>{survey ? 'Encuesta: sin nota' : `Nota para aprobar: ${test.passing_score} %`}</li>
            <li>
              {test.time_limit_minutes === null
                ? 'Sin límite de tiempo'
                : `Tiempo límite: ${spokenDuration(test.time_limit_minutes * 60)}`}
            </li>
          </ul>
          {questions.length === 0 ? (
            <p>Este test todavía no tiene preguntas guardadas.</p>
          ) : (
            <Button type="button" label="Empezar" icon="pi pi-play" onClick={start} autoFocus />
          )}
        </div>
      )}

      {phase === 'taking' && (
        <form className="test-preview-form" onSubmit={submit} noValidate aria-label="Respuestas">
          {limitSeconds !== null && (
            <Countdown
              seconds={limitSeconds}
              onSpeak={setSpoken}
              onExpire={() => void deliver('timeout')}
              stopped={score.isPending}
            />
          )}
          {questions.map((question, index) => (
            <PreviewQuestion
              key={question.id}
              ref={index === 0 ? firstQuestion : undefined}
              question={question}
              position={index + 1}
              survey={survey}
              answer={answers[question.id]}
              onChoose={(optionId, checked) => choose(question, optionId, checked)}
              onWrite={(text) => setAnswers((previous) => ({ ...previous, [question.id]: text }))}
              disabled={timedOut}
            />
          ))}
          {missing.length > 0 && (
            <Notice severity="error">
              {missing.length === 1
                ? `Responda la pregunta ${missing[0]}: es obligatoria.`
                : `Responda las preguntas obligatorias ${listed(missing)}.`}
            </Notice>
          )}
          {score.isError && (
            <Notice severity="error">No se ha podido calcular la nota: {errorMessage(score.error)}</Notice>
          )}
          <div className="test-preview-actions">
            <Button type="submit" label="Entregar" icon="pi pi-send" loading={score.isPending} />
            <Button type="button" label="Cancelar" text onClick={onHide} />
          </div>
        </form>
      )}

      {phase === 'result' && result && (
        <div className="test-preview-result">
          <h3 ref={resultHeading} tabIndex={-1} className="test-preview-result-title">
            Resultado
          </h3>
          {timedOut && <p>Se acabó el tiempo: se entregaron las respuestas que había.</p>}
          {survey ? (
            <p>Respuestas entregadas. Una encuesta no tiene nota: cuenta cómo se reparten las respuestas.</p>
          ) : result.max === 0 ? (
            <p>Este test no tiene preguntas que se corrijan solas: lo corrige una persona.</p>
          ) : (
            <>
              <p className="test-preview-score">
                {result.score} de {pointsText(result.max)} ({percentText(result.percent ?? 0)})
              </p>
              <p>
                <Tag
                  value={result.passed ? 'Aprobado' : 'No aprobado'}
                  severity={result.passed ? 'success' : 'danger'}
                  icon={result.passed ? 'pi pi-check' : 'pi pi-times'}
                />{' '}
                La nota para aprobar es {test.passing_score} %.
              </p>
            </>
          )}
          {textQuestions > 0 && result.max > 0 && (
            <p className="test-preview-note">
              {textQuestions === 1
                ? 'La pregunta de texto libre no cuenta en esta nota: la corrige una persona.'
                : `Las ${textQuestions} preguntas de texto libre no cuentan en esta nota: las corrige una persona.`}
            </p>
          )}
          <div className="test-preview-actions">
            <Button type="button" label="Repetir" icon="pi pi-refresh" outlined onClick={start} />
            <Button type="button" label="Volver al test" text onClick={onHide} />
          </div>
        </div>
      )}
    </Dialog>
  );
}

function PreviewQuestion({
  ref,
  question,
  position,
  survey,
  answer,
  onChoose,
  onWrite,
  disabled,
}: {
  ref?: Ref<HTMLFieldSetElement>;
  question: TestQuestion;
  position: number;
  survey: boolean;
  answer: number[] | string | undefined;
  onChoose: (optionId: number, checked: boolean) => void;
  onWrite: (text: string) => void;
  disabled: boolean;
}) {
  const id = useId();
  const chosen = Array.isArray(answer) ? answer : [];
  return (
    <fieldset
      ref={ref}
      id={`pregunta-${question.id}`}
      className="test-preview-question"
      aria-describedby={question.help ? `${id}-prompt ${id}-help` : `${id}-prompt`}
    >
      <legend className="test-preview-question-title">
        Pregunta {position}{' '}
        {/* Issue 16: a free-text question has no points in the automatic score, whatever it stores. */}
        {!survey && question.type !== 'text' && (
          <span className="test-preview-points">· {pointsText(question.points)}</span>
        )}
        {!question.required && <span className="test-preview-points"> · opcional</span>}
      </legend>
      <p id={`${id}-prompt`} className="test-preview-prompt">
        {question.prompt}
      </p>
      {question.help && (
        <p id={`${id}-help`} className="test-preview-hint">
          {question.help}
        </p>
      )}
      {question.type === 'text' ? (
        <div className="form-field">
          {!survey && <p className="test-preview-hint">{TEXT_QUESTION_GRADING}</p>}
          <label htmlFor={`${id}-text`} className="form-field-label">
            Su respuesta
          </label>
          <InputTextarea
            id={`${id}-text`}
            value={typeof answer === 'string' ? answer : ''}
            onChange={(event) => onWrite(event.target.value)}
            rows={3}
            autoResize
            disabled={disabled}
          />
        </div>
      ) : (
        <>
          {question.type === 'multiple' && <p className="test-preview-hint">Puede marcar varias.</p>}
          <div className="test-preview-options">
            {question.options.map((option) => {
              const inputId = `${id}-${option.id}`;
              const checked = chosen.includes(option.id);
              return (
                <div key={option.id} className="checkbox-field">
                  {question.type === 'single' ? (
                    <RadioButton
                      inputId={inputId}
                      name={`${id}-choice`}
                      value={option.id}
                      checked={checked}
                      onChange={() => onChoose(option.id, true)}
                      disabled={disabled}
                    />
                  ) : (
                    <Checkbox
                      inputId={inputId}
                      checked={checked}
                      onChange={(event) => onChoose(option.id, Boolean(event.checked))}
                      disabled={disabled}
                    />
                  )}
                  <label htmlFor={inputId}>{option.text}</label>
                </div>
              );
            })}
          </div>
        </>
      )}
    </fieldset>
  );
}

/**
 * The time left: a clock that shows every second (role="timer" is not read aloud by itself), and a
 * sentence for screen readers at a few moments only (countdown.ts). At zero the answers go in.
 */
function Countdown({
  seconds,
  onSpeak,
  onExpire,
  stopped,
}: {
  seconds: number;
  onSpeak: (sentence: string) => void;
  onExpire: () => void;
  stopped: boolean;
}) {
  const [left, setLeft] = useState(seconds);
  const deadline = useRef(Date.now() + seconds * 1000);
  const previous = useRef(seconds);
  const callbacks = useRef({ onSpeak, onExpire });
  callbacks.current = { onSpeak, onExpire };
  const marks = useRef(announcementMarks(seconds));

  useEffect(() => {
    if (stopped) return;
    const timer = window.setInterval(() => {
      const now = Math.max(0, (deadline.current - Date.now()) / 1000);
      const mark = crossedMark(marks.current, previous.current, Math.ceil(now));
      previous.current = Math.ceil(now);
      setLeft(now);
      if (now <= 0) {
        window.clearInterval(timer);
        callbacks.current.onExpire();
      } else if (mark !== null) {
        callbacks.current.onSpeak(remainingSentence(mark));
      }
    }, 250);
    return () => window.clearInterval(timer);
  }, [stopped]);

  return (
    <div className={`test-countdown${left <= 60 ? ' test-countdown-low' : ''}`}>
      <span className="pi pi-clock" aria-hidden="true" />
      <span id="test-countdown-label">Tiempo restante</span>
      <span role="timer" aria-labelledby="test-countdown-label" className="test-countdown-clock">
        {formatClock(left)}
      </span>
    </div>
  );
}
