import { GRADE_COMMENT_MAX, QUESTION_TYPE_LABELS, type ResponseAnswer } from '@gestor/shared';
import type { ReactNode } from 'react';
import { NumberControl, TextareaControl } from '../../../components/controls';
import { formatDateTime } from '../../../components/resource/format';
import { formatPoints } from '../answers-format';
import { gradeKey } from '../grades-form';
import { CorrectOptionMark } from './response-state-tag';

// One question of a response as the person answered it: the options with which were chosen and
// which are correct, said in words and drawn with icons (never a colour alone, WCAG 1.4.1), or the
// text as written, its line breaks kept; the points it earned; and, for a grader, the controls that
// grade a text answer.

/** «2 de 3 puntos», «Sin corregir: vale 3 puntos»; nothing in a survey. */
export function earnedText(answer: ResponseAnswer): string | null {
  if (answer.points === null) return null;
  const worth = `${formatPoints(answer.points)} ${answer.points === 1 ? 'punto' : 'puntos'}`;
  if (answer.earned === null) return `Sin corregir: vale ${worth}`;
  return `${formatPoints(answer.earned)} de ${worth}`;
}

export function ResponseAnswerItem({
  answer,
  number,
  quiz,
  grading,
}: {
  answer: ResponseAnswer;
  number: number;
  quiz: boolean;
  /** The grading controls, for a grader of a gradable text answer. */
  grading?: ReactNode;
}) {
  const titleId = `answer-${answer.question_id}`;
  const earned = earnedText(answer);
  return (
    <li className="card response-answer" aria-labelledby={titleId}>
      <div className="response-answer-head">
        <h2 id={titleId} className="response-answer-title">
          Pregunta {number}
        </h2>
        <span className="resource-muted">
          {QUESTION_TYPE_LABELS[answer.type]}
          {earned && ` · ${earned}`}
        </span>
      </div>
      <p className="response-answer-prompt">{answer.prompt}</p>
      {answer.type === 'text' ? (
        <TextAnswer text={typeof answer.answer === 'string' ? answer.answer : null} />
      ) : (
        <ChosenOptions answer={answer} quiz={quiz} />
      )}
      {grading ?? (answer.grade && <GivenGrade answer={answer} />)}
    </li>
  );
}

function TextAnswer({ text }: { text: string | null }) {
  if (!text?.trim()) return <p className="response-unanswered">Sin responder.</p>;
  return (
    <blockquote className="response-text" aria-label="Respuesta escrita">
      {text}
    </blockquote>
  );
}

function ChosenOptions({ answer, quiz }: { answer: ResponseAnswer; quiz: boolean }) {
  const none = !answer.options.some((option) => option.chosen);
  return (
    <>
      {none && <p className="response-unanswered">Sin responder.</p>}
      <ul className="response-options" aria-label="Opciones">
        {answer.options.map((option) => (
          <li
            key={option.id}
            className={option.chosen ? 'response-option response-option-chosen' : 'response-option'}
          >
            <i
              className={`pi ${option.chosen ? (answer.type === 'single' ? 'pi-circle-fill' : 'pi-check-square') : answer.type === 'single' ? 'pi-circle' : 'pi-stop'}`}
              aria-hidden="true"
            />
            <span className="response-option-text">{option.text}</span>
            {option.chosen && <span className="response-mark">Elegida</span>}
            {quiz && option.correct && <CorrectOptionMark />}
          </li>
        ))}
      </ul>
    </>
  );
}

/** A grade given, as a reader without test.grade sees it. */
function GivenGrade({ answer }: { answer: ResponseAnswer }) {
  const grade = answer.grade;
  if (!grade) return null;
  return (
    <div className="response-grade">
      {grade.comment && <p className="response-grade-comment">Comentario: {grade.comment}</p>}
      <p className="resource-muted">{gradedBy(answer)}</p>
    </div>
  );
}

/** «Corregida por Ana Pérez el 20/11/2026 10:00». */
export function gradedBy(answer: ResponseAnswer): string {
  const grade = answer.grade;
  if (!grade) return '';
  return `Corregida por ${grade.graded_by ?? 'una cuenta que ya no existe'} el ${formatDateTime(grade.graded_at)}.`;
}

/** The grading controls of one text answer: its points (0 to what it is worth) and a comment. */
export function GradeControls({ answer, number }: { answer: ResponseAnswer; number: number }) {
  const key = gradeKey(answer.question_id);
  const most = answer.points ?? 0;
  return (
    <fieldset className="response-grading">
      <legend className="response-grading-title">Corrección de la pregunta {number}</legend>
      <div className="response-grading-fields">
        <NumberControl
          name={`grades.${key}.points`}
          label="Puntos"
          min={0}
          max={most}
          hint={`De 0 a ${formatPoints(most)}.`}
        />
        <TextareaControl
          name={`grades.${key}.comment`}
          label="Comentario (opcional)"
          maxLength={GRADE_COMMENT_MAX}
          rows={2}
        />
      </div>
      {answer.grade && <p className="resource-muted">{gradedBy(answer)}</p>}
    </fieldset>
  );
}
