import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createPendingLogins } from './pending-login';

describe('a sign-in waiting for its second factor', () => {
  const logins = createPendingLogins(randomBytes(32));
  const now = Date.UTC(2026, 0, 1, 12);

  it('reads back who, and whether to remember, in the session it was issued for', () => {
    const value = logins.issue({ userId: 42, remember: true }, 'csrf-a', now);
    expect(logins.read(value, 'csrf-a', now + 60_000)).toEqual({ userId: 42, remember: true });
  });

  it('is worth nothing in another session, altered, or after five minutes', () => {
    const value = logins.issue({ userId: 42, remember: false }, 'csrf-a', now);
    expect(logins.read(value, 'csrf-b', now)).toBeNull();
    expect(logins.read(value.replace(/^42\./, '43.'), 'csrf-a', now)).toBeNull();
    expect(logins.read(value, 'csrf-a', now + 5 * 60_000)).toBeNull();
    expect(createPendingLogins(randomBytes(32)).read(value, 'csrf-a', now)).toBeNull();
    expect(logins.read(undefined, 'csrf-a', now)).toBeNull();
  });
});
