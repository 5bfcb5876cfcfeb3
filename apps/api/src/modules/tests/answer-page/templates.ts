import {
  type AttemptView,
  madridDateAndTime,
  type PublicTest,
  type PublicTestQuestion,
  type PublicTestResults,
  type TestAnswer,
} from '@gestor/shared';
import { ANSWER_SCRIPT } from './answer-script';
import { type Html, html, raw } from './html';

// The answering page's screens (docs/public-api.md#questionnaires), as typed functions of what they
// show (decision 049). Every one is a whole document with the organisation's band; the forms post
// plainly, so each works with JavaScript off. Spanish throughout; dates and times on Madrid's clock.

/** What every page carries besides its content. */
export interface PageFrame {
  appName: string;
  /** The inline style sheet (page-style.ts, with the brand colours). */
  style: string;
  /** TESTS_EMBED_ORIGINS: where the script may tell the page's height. */
  embedOrigins: readonly string[];
}

/** Form messages by field (`pin`, `answers.12`…), as a ValidationError carries them. */
export type FieldErrors = Record<string, string[]>;

/** The answers as the form holds them: by question id. */
export type FormAnswers = Record<string, TestAnswer | null>;

/** "12/11/2026" and "14:00", as Madrid's clocks show an instant. */
export const madridDateTime = (iso: string) => madridDateAndTime(new Date(iso));

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** A text as paragraphs: a blank line separates them, a single line break stays one. */
function paragraphs(text: string): Html[] {
  return text
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const lines = part.split('\n');
      return html`<p>${lines.map((line, i) => (i ? [html`<br>`, line] : line))}</p>`;
    });
}

export function page(
  frame: PageFrame,
  {
    title,
    content,
    slug,
    submitted = false,
  }: { title: string; content: Html; slug?: string; submitted?: boolean },
): Html {
  return html`<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="data:,">
<title>${title} · ${frame.appName}</title>
<style>${raw(frame.style)}</style>
<script src="${ANSWER_SCRIPT.path}" defer></script>
</head>
<body data-embed-origins="${frame.embedOrigins.join(' ')}"${slug ? html` data-slug="${slug}"` : ''}${submitted ? html` data-submitted` : ''}>
<header class="band"><p>${frame.appName}</p></header>
<main id="contenido">
${content}
</main>
</body>
</html>
`;
}

/** The summary at the top of a form that was refused: focused, each message a link to its field. */
function errorSummary(items: Array<{ href: string; message: string }>): Html | '' {
  if (!items.length) return '';
  return html`<div class="summary" id="errores" role="alert" tabindex="-1" autofocus aria-labelledby="errores-titulo">
<h2 id="errores-titulo">${items.length === 1 ? 'Hay un problema' : `Hay ${items.length} problemas`}</h2>
<ul>${items.map((item) => html`<li><a href="${item.href}">${item.message}</a></li>`)}</ul>
</div>`;
}

/** A page that only says something: a test not open yet, closed, full, missing, a mail sent… */
export function messagePage(
  frame: PageFrame,
  {
    title,
    heading,
    lines,
    slug,
    more,
  }: { title: string; heading: string; lines: Array<string | Html>; slug?: string; more?: Html | undefined },
): Html {
  return page(frame, {
    title,
    slug,
    content: html`<h1>${heading}</h1>
${lines.map((line) => html`<p>${line}</p>`)}${more ?? ''}`,
  });
}

/** A closed test's published results: each chosen question's options, counted, as a table. */
export function publishedResults(results: PublicTestResults): Html {
  const total = results.responses === 1 ? '1 respuesta' : `${formatNumber(results.responses)} respuestas`;
  return html`<h2>Resultados</h2>
<p>Sobre ${total}. Cada persona pudo elegir más de una opción en las preguntas de respuesta múltiple.</p>
${results.questions.map(
  (question) => html`<table class="results">
<caption>${question.prompt} <span class="answered">(${formatNumber(question.answered)} ${question.answered === 1 ? 'respuesta' : 'respuestas'})</span></caption>
<thead><tr><th scope="col">Opción</th><th scope="col">Respuestas</th><th scope="col">Porcentaje</th></tr></thead>
<tbody>${question.options.map(
    (option) =>
      html`<tr><th scope="row">${option.text}</th><td>${formatNumber(option.count)}</td><td>${
        option.percent === null ? '—' : `${formatNumber(option.percent)} %`
      }</td></tr>`,
  )}</tbody>
</table>`,
)}`;
}

export interface IntroValues {
  pin?: string;
  code?: string;
  email?: string;
  consent?: boolean;
  /** The mailed start link's secret (identity email). */
  start?: string;
}

/** GET /t/{slug}: what the test is, what it asks, and one «Empezar». */
export function introPage(
  frame: PageFrame,
  {
    test,
    values,
    errors = {},
    oneBrowser,
  }: { test: PublicTest; values: IntroValues; errors?: FieldErrors; oneBrowser: boolean },
): Html {
  const asks = test.start.asks;
  const byEmail = asks === 'email' && values.start === undefined;
  const fieldOf: Record<string, string> = {
    pin: 'pin',
    code: 'code',
    email: 'email',
    consent: 'consent',
  };
  const summary = Object.entries(errors).map(([field, messages]) => ({
    href: `#${fieldOf[field] ?? 'empezar'}`,
    message: messages[0] ?? '',
  }));
  const errorOf = (field: string) => errors[field]?.[0];
  const input = (name: 'pin' | 'code' | 'email', label: string, attributes: Html, hint?: string): Html => {
    const error = errorOf(name);
    const described = [hint ? `${name}-ayuda` : '', error ? `${name}-error` : ''].filter(Boolean).join(' ');
    return html`<div class="field">
<label for="${name}">${label}</label>
${hint ? html`<p class="help" id="${name}-ayuda">${hint}</p>` : ''}
${error ? html`<p class="error" id="${name}-error">${error}</p>` : ''}
<input id="${name}" name="${name}" value="${values[name] ?? ''}"${attributes}${described ? html` aria-describedby="${described}"` : ''}${error ? html` aria-invalid="true"` : ''}>
</div>`;
  };
  const closes = test.closes_at ? madridDateTime(test.closes_at) : null;
  const generalError = errors.start?.[0] ?? errors.proof?.[0] ?? errors[''];
  return page(frame, {
    title: test.title,
    slug: test.slug,
    content: html`<h1>${test.title}</h1>
${errorSummary(summary)}
${test.description ? paragraphs(test.description) : ''}
<ul class="facts">
<li>${plural(test.questions.length, 'pregunta', 'preguntas')}${test.kind === 'survey' ? ' (encuesta, sin nota)' : ''}</li>
<li>${test.time_limit_minutes ? `Tiempo para responder: ${plural(test.time_limit_minutes, 'minuto', 'minutos')}, desde que pulse «Empezar»` : 'Sin límite de tiempo'}</li>
${closes ? html`<li>Se cierra el ${closes.date} a las ${closes.time}</li>` : ''}
${test.anonymous ? html`<li>Las respuestas son anónimas: no se guarda quién responde</li>` : ''}
</ul>
${oneBrowser ? html`<p class="note">Solo se admite una respuesta por navegador.</p>` : ''}
<form method="post" action="/t/${test.slug}" id="start" data-challenge="/t/${test.slug}/challenge" novalidate>
${asks === 'pin' ? input('pin', 'PIN', html` type="text" inputmode="numeric" autocomplete="off" maxlength="8"`, 'El PIN de 4 a 8 cifras que le han dado.') : ''}
${asks === 'code' ? input('code', 'Código', html` type="text" class="code" autocomplete="off" autocapitalize="characters" spellcheck="false" maxlength="20"`, 'El código personal que le han dado, como ABCD-EFGH-JKLM.') : ''}
${byEmail ? input('email', 'Correo electrónico', html` type="email" autocomplete="email" spellcheck="false" maxlength="254"`, 'Le enviaremos un enlace para empezar.') : ''}
${
  byEmail && test.start.consent_text
    ? html`<h2 id="consent-titulo">Protección de datos</h2>
<div class="consent" tabindex="0" role="region" aria-labelledby="consent-titulo">${test.start.consent_text}</div>
<div class="field">
${errorOf('consent') ? html`<p class="error" id="consent-error">${errorOf('consent')}</p>` : ''}
<div class="option"><input type="checkbox" id="consent" name="consent" value="1"${values.consent ? ' checked' : ''}${errorOf('consent') ? html` aria-invalid="true" aria-describedby="consent-error"` : ''}><label for="consent">He leído la información sobre protección de datos y acepto el tratamiento de mis datos</label></div>
</div>`
    : ''
}
${values.start !== undefined ? html`<input type="hidden" name="start" value="${values.start}"><p>Pulse «Empezar» para comenzar el cuestionario.</p>` : ''}
${generalError ? html`<p class="error" id="empezar-error">${generalError}</p>` : ''}
<input type="hidden" name="proof" value="">
<div class="actions"><button type="submit" class="primary" id="empezar"${generalError ? html` aria-describedby="empezar-error"` : ''}>Empezar</button></div>
<p class="status" id="start-status" role="status"></p>
</form>`,
  });
}

/** The deadline as a time (and, with JavaScript, a countdown told politely at 10, 5 and 1 minutes). */
function deadlineBlock(view: AttemptView, now: number): Html | '' {
  if (!view.deadline) return '';
  const deadline = new Date(view.deadline).getTime();
  const submitBy = view.submit_by ? new Date(view.submit_by).getTime() : deadline;
  const at = (iso: string) => {
    const { date, time } = madridDateTime(iso);
    return madridDateTime(new Date(now).toISOString()).date === date ? time : `${date}, ${time}`;
  };
  // Within the grace minutes (`on_expiry: grace`): the time is over, a submit still counts until submit_by.
  const grace = now >= deadline && submitBy > now && view.submit_by;
  const remaining = Math.max(0, Math.round(((grace ? submitBy : deadline) - now) / 1000));
  return html`<p class="deadline" data-remaining="${remaining}">${
    grace
      ? html`El tiempo terminó a las ${at(view.deadline)}. Puede enviar sus respuestas hasta las <strong>${at(grace)}</strong>.`
      : html`Hora límite: <strong>${at(view.deadline)}</strong>`
  }
<span id="countdown" role="timer" hidden></span></p>
<p class="visually-hidden" id="time-alert" aria-live="polite"></p>`;
}

function questionField(
  question: PublicTestQuestion,
  index: number,
  total: number,
  answer: TestAnswer | null | undefined,
  error: string | undefined,
): Html {
  const id = `q${question.id}`;
  const described = [question.help ? `${id}-ayuda` : '', error ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ');
  const describedBy = described ? html` aria-describedby="${described}"` : '';
  const chosen = new Set(Array.isArray(answer) ? answer : []);
  const points =
    question.points !== null && question.type !== 'text'
      ? ` · ${plural(question.points, 'punto', 'puntos')}`
      : '';
  const control =
    question.type === 'text'
      ? html`<label class="label" for="${id}">Su respuesta</label>
<textarea id="${id}" name="${id}" rows="5" maxlength="20000"${describedBy}${error ? html` aria-invalid="true"` : ''}>${typeof answer === 'string' ? answer : ''}</textarea>`
      : question.options.map(
          (option) =>
            html`<div class="option"><input type="${question.type === 'single' ? 'radio' : 'checkbox'}" id="${id}-${option.id}" name="${id}" value="${option.id}"${chosen.has(option.id) ? ' checked' : ''}><label for="${id}-${option.id}">${option.text}</label></div>`,
        );
  return html`<fieldset class="question${error ? ' invalid' : ''}" id="${id}-grupo" data-question="${question.id}" data-type="${question.type}"${question.type === 'text' ? '' : describedBy}>
<legend><span class="number">Pregunta ${index + 1} de ${total}${points}${question.type === 'multiple' ? ' · puede marcar varias' : ''}</span>${question.prompt}${question.required ? '' : html` <span class="optional">(opcional)</span>`}</legend>
${question.help ? html`<p class="help" id="${id}-ayuda">${question.help}</p>` : ''}
${error ? html`<p class="error" id="${id}-error">${error}</p>` : ''}
${control}
</fieldset>`;
}

/** GET /t/{slug}/r/{token} while the attempt is open: the questions, the deadline, «Guardar» and «Enviar». */
export function questionsPage(
  frame: PageFrame,
  {
    test,
    view,
    token,
    answers,
    errors = {},
    saved = false,
    now = Date.now(),
  }: {
    test: PublicTest;
    view: AttemptView;
    token: string;
    answers: FormAnswers;
    errors?: FieldErrors;
    /** Just saved by the form (no JavaScript): say so. */
    saved?: boolean;
    now?: number;
  },
): Html {
  const questions = test.questions;
  const errorOf = (question: PublicTestQuestion) => errors[`answers.${question.id}`]?.[0];
  const summary = questions.flatMap((question) => {
    const message = errorOf(question);
    if (!message) return [];
    const target =
      question.type === 'text' ? `q${question.id}` : `q${question.id}-${question.options[0]?.id ?? ''}`;
    return [{ href: `#${target}`, message: `Pregunta ${questions.indexOf(question) + 1}: ${message}` }];
  });
  const others = Object.entries(errors)
    .filter(([field]) => !field.startsWith('answers.'))
    .map(([, messages]) => ({ href: '#enviar', message: messages[0] ?? '' }));
  const savedAt = view.saved_at ? madridDateTime(view.saved_at).time : null;
  const status = saved ? (savedAt ? `Guardado a las ${savedAt}.` : 'Sus respuestas se han guardado.') : '';
  const optional = questions.some((question) => !question.required);
  return page(frame, {
    title: test.title,
    slug: test.slug,
    content: html`<h1>${test.title}</h1>
${deadlineBlock(view, now)}
${errorSummary([...summary, ...others])}
<p>${optional ? 'Todas las preguntas son obligatorias salvo las marcadas «(opcional)».' : 'Todas las preguntas son obligatorias.'} Sus respuestas se guardan al pulsar «Guardar»; solo cuentan cuando pulse «Enviar respuestas».</p>
<form method="post" action="/t/${test.slug}/r/${token}" data-autosave="/api/public/v1/attempts/${token}/answers" novalidate>
${questions.map((question, index) => questionField(question, index, questions.length, answers[String(question.id)], errorOf(question)))}
<div class="actions">
<button type="submit" name="action" value="save" class="secondary">Guardar</button>
<button type="submit" name="action" value="submit" class="primary" id="enviar">Enviar respuestas</button>
</div>
<p class="status" id="save-status" role="status">${status}</p>
</form>`,
  });
}

/** The attempt submitted: what the test's `feedback` allows the person to see. */
export function resultPage(
  frame: PageFrame,
  {
    title,
    slug,
    test,
    view,
    justSubmitted,
  }: { title: string; slug: string; test: PublicTest | null; view: AttemptView; justSubmitted: boolean },
): Html {
  const feedback = view.feedback;
  const score = feedback?.score ?? null;
  const when = view.submitted_at ? madridDateTime(view.submitted_at) : null;
  // An anonymous test keeps the day only (its time is midnight): the day is all it says.
  const sentAt = when
    ? when.time === '00:00'
      ? ` el ${when.date}`
      : ` el ${when.date} a las ${when.time}`
    : '';
  const percent =
    score?.percent === null || score?.percent === undefined ? '' : ` (${formatNumber(score.percent)} %)`;
  const perQuestion =
    test && feedback && (feedback.answers || feedback.correct)
      ? test.questions.map((question, index) => {
          const right = feedback.answers?.[String(question.id)];
          const correct = feedback.correct?.[String(question.id)];
          const given = view.answers[String(question.id)];
          const optionText = (ids: readonly number[]) =>
            question.options
              .filter((option) => ids.includes(option.id))
              .map((option) => option.text)
              .join('; ');
          const yours =
            given === undefined
              ? 'Sin responder'
              : typeof given === 'string'
                ? given
                : optionText(given) || 'Sin responder';
          return html`<li>
<p><span class="label">Pregunta ${index + 1}: ${question.prompt}</span>Su respuesta: ${yours}</p>
${
  right === true
    ? html`<p class="right">Correcta</p>`
    : right === false
      ? html`<p class="wrong">Incorrecta</p>`
      : feedback.answers && question.type === 'text' && test.kind === 'quiz'
        ? html`<p>La corregirá una persona.</p>`
        : ''
}
${correct?.length ? html`<p>Respuesta correcta: ${optionText(correct)}</p>` : ''}
</li>`;
        })
      : [];
  return page(frame, {
    title,
    slug,
    submitted: justSubmitted,
    content: html`<h1>${title}</h1>
<div class="done">
<h2>Respuestas enviadas</h2>
<p>Sus respuestas se enviaron${sentAt}. Gracias por participar.</p>
${
  score
    ? html`<p>Puntuación: <strong>${formatNumber(score.score)} de ${formatNumber(score.max)}</strong>${percent}.${
        score.passed === true
          ? html` <strong class="right">Aprobado.</strong>`
          : score.passed === false
            ? html` <strong class="wrong">No aprobado.</strong>`
            : ''
      }</p>`
    : ''
}
${feedback?.pending_grading && score ? html`<p>Las respuestas de texto las corregirá una persona: la puntuación puede cambiar.</p>` : ''}
</div>
${perQuestion.length ? html`<h2>Sus respuestas</h2><ul class="result">${perQuestion}</ul>` : ''}`,
  });
}

/** 12.5 → "12,5": decimals as Spanish writes them. */
function formatNumber(value: number): string {
  return new Intl.NumberFormat('es-ES', { maximumFractionDigits: 2 }).format(value);
}
