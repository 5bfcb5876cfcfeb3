import { createHash } from 'node:crypto';
import { BENCH_ADMIN } from './api-server.mjs';
import { browserHeaders, signIn } from './session.mjs';

// A quiz open to the public, made through the admin API as an editor makes it, and what a person's
// browser does before answering it: solve the proof of work (ALTCHA v1) and start an attempt
// (docs/public-api.md, decision 050). For `test-answering` and `answer-page-weight`.

const PUBLIC_API = '/api/public/v1';

/**
 * POST /api/tests: a published quiz of `questions` single-choice questions of `options` options,
 * open to anyone with the link.
 * @param {string} baseUrl
 * @param {{ questions?: number, options?: number, title?: string }} [shape]
 * @returns {Promise<{ id: number, slug: string, questions: Array<{ id: number, options: Array<{ id: number }> }> }>}
 */
export async function createOpenQuiz(baseUrl, { questions = 30, options = 4, title } = {}) {
  const jar = await signIn(baseUrl, BENCH_ADMIN);
  const response = await fetch(`${baseUrl}/api/tests?lang=es`, {
    method: 'POST',
    headers: { ...browserHeaders(baseUrl, jar), 'Content-Type': 'application/json' },
    body: JSON.stringify({
      title: title ?? `Prueba de conocimientos sobre el padrón municipal (${questions} preguntas)`,
      description: 'Responda a cada pregunta; sus respuestas se guardan a medida que avanza.',
      kind: 'quiz',
      status: 'published',
      access: 'link',
      identity: 'none',
      questions: Array.from({ length: questions }, (_, q) => ({
        prompt: `Pregunta ${q + 1}: ¿qué documento acredita el empadronamiento en el municipio?`,
        type: 'single',
        points: 1,
        options: Array.from({ length: options }, (_, o) => ({
          text: `Opción ${o + 1} de la pregunta ${q + 1}: el certificado o volante correspondiente`,
          correct: o === q % options,
        })),
      })),
    }),
    signal: AbortSignal.timeout(60_000),
  });
  const text = await response.text();
  if (response.status !== 201)
    throw new Error(`POST /api/tests answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text).data;
}

/**
 * ALTCHA v1: the number whose SHA hash with the salt is the challenge. Node's createHash, as the
 * widget's web workers do it in a browser; altcha-lib's own solveChallenge awaits WebCrypto once per
 * number, about 30 times slower here, and 200 of them would take minutes of the bench's time.
 * @param {{ algorithm: string, challenge: string, maxnumber?: number, salt: string }} challenge
 */
export function solveChallenge({ algorithm, challenge, maxnumber = 1_000_000, salt }) {
  const hash = algorithm.replace('-', '').toLowerCase();
  for (let number = 0; number <= maxnumber; number++) {
    if (
      createHash(hash)
        .update(salt + number)
        .digest('hex') === challenge
    )
      return number;
  }
  throw new Error(`no number up to ${maxnumber} solves the challenge`);
}

/**
 * GET …/tests/{slug}/challenge and its solution, as the `proof` a start sends (base64 of the JSON).
 * @param {string} baseUrl
 * @param {string} slug
 */
export async function solvedProof(baseUrl, slug) {
  const response = await fetch(`${baseUrl}${PUBLIC_API}/tests/${encodeURIComponent(slug)}/challenge`, {
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  if (response.status !== 200)
    throw new Error(`GET …/challenge answered ${response.status}: ${text.slice(0, 300)}`);
  const parsed = JSON.parse(text);
  const challenge = parsed.data ?? parsed;
  const number = solveChallenge(challenge);
  const { algorithm, challenge: hash, salt, signature } = challenge;
  return Buffer.from(JSON.stringify({ algorithm, challenge: hash, number, salt, signature })).toString(
    'base64',
  );
}

/**
 * POST …/tests/{slug}/attempts with a solved proof; the attempt's token.
 * @param {string} baseUrl
 * @param {string} slug
 * @param {string} proof
 */
export async function startAttempt(baseUrl, slug, proof) {
  const response = await fetch(`${baseUrl}${PUBLIC_API}/tests/${encodeURIComponent(slug)}/attempts`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ proof }),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  if (response.status !== 201)
    throw new Error(`POST …/attempts answered ${response.status}: ${text.slice(0, 300)}`);
  return /** @type {string} */ (JSON.parse(text).data.token);
}

export { PUBLIC_API };
