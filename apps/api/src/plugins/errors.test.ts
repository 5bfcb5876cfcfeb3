import { describe, expect, test } from 'vitest';
import { REDACTED, redactUrl } from './errors';

// docs/http-api.md#errors: secrets in a request's URL never reach the log. The answering of tests
// (docs/public-api.md#questionnaires) adds the attempt's token and the answering page's code and
// start link.

const TOKEN = 'Zk3q9_secret-attempt-token-0123456789abcdefg';

describe('redactUrl', () => {
  test("an attempt's token in the public API's paths and the answering page's", () => {
    for (const [url, logged] of [
      [`/api/public/v1/attempts/${TOKEN}`, `/api/public/v1/attempts/${REDACTED}`],
      [`/api/public/v1/attempts/${TOKEN}/answers`, `/api/public/v1/attempts/${REDACTED}/answers`],
      [`/api/public/v1/attempts/${TOKEN}/submit?x=1`, `/api/public/v1/attempts/${REDACTED}/submit?x=1`],
      [`/t/prevencion/r/${TOKEN}`, `/t/prevencion/r/${REDACTED}`],
      [`/t/prevencion/r/${TOKEN}/enviar`, `/t/prevencion/r/${REDACTED}/enviar`],
      [`/T/prevencion/R/${TOKEN}?page=2`, `/T/prevencion/R/${REDACTED}?page=2`],
    ]) {
      expect(redactUrl(url!)).toBe(logged);
    }
  });

  test("the answering page's code and start link, spelt any way; the rest of the query kept", () => {
    for (const [url, logged] of [
      ['/t/prevencion?code=ABCD-EFGH-JKLM', `/t/prevencion?code=${REDACTED}`],
      ['/t/prevencion/?start=s3cr3t&embed=1', `/t/prevencion/?start=${REDACTED}&embed=1`],
      ['/t/prevencion?CODE=abcd%20efgh&lang=es', `/t/prevencion?CODE=${REDACTED}&lang=es`],
      ['/t/prevencion?%63ode=ABCD', `/t/prevencion?%63ode=${REDACTED}`],
    ]) {
      expect(redactUrl(url!)).toBe(logged);
    }
    // Elsewhere `code` and `start` are ordinary parameters (a list's filter, a page).
    expect(redactUrl('/api/entities?code=28&start=2')).toBe('/api/entities?code=28&start=2');
    expect(redactUrl('/api/public/v1/tests/prevencion')).toBe('/api/public/v1/tests/prevencion');
    expect(redactUrl('/api/public/v1/tests/prevencion/attempts')).toBe(
      '/api/public/v1/tests/prevencion/attempts',
    );
  });

  test('what was redacted before still is', () => {
    expect(redactUrl(`/auth/reset/${TOKEN}?email=ana%40example.com`)).toBe(
      `/auth/reset/${REDACTED}?email=ana%40example.com`,
    );
    expect(redactUrl(`/api/public/v1/preview/${TOKEN}`)).toBe(`/api/public/v1/preview/${REDACTED}`);
    expect(redactUrl(`/api/users?reset_token=${TOKEN}`)).toBe(`/api/users?reset_token=${REDACTED}`);
  });
});
