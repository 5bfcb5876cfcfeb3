import { createHash, randomInt } from 'node:crypto';
import { API_TOKEN_RANDOM_LENGTH, type Permission } from '@gestor/shared';
import type { Database } from '../../db/client';
import type { ResolvedToken } from '../../plugins/api-tokens';
import { AUTH_USER_COLUMNS, type AuthUserRow, toAuthUser } from '../auth/session-store';

// Bearer tokens (issue 21, decision 037), as Sanctum's PersonalAccessToken::findToken reads them:
// `<id>|<random>`, looked up by the SHA-256 of the random part and checked against the id.

/** Sanctum's tokenable_type for a user, so a Laravel back end reads the same rows. */
export const USER_TOKENABLE = 'App\\Models\\User';

/** The request's identity when it came with a valid token. */
interface CachedToken extends ResolvedToken {
  expiresAt: number | null;
  /** When last_used_at was last written (ms), so it is written at most once a minute. */
  lastUsedAt: number;
}

interface TokenRow extends AuthUserRow {
  token_id: number;
  abilities: string | null;
  expires_at: Date | null;
  last_used_at: Date | null;
}

// One round trip: the token, its owner if still active and not in the trash, their roles and permissions.
const LOAD_TOKEN = `
SELECT t.id AS token_id, t.abilities, t.expires_at, t.last_used_at,${AUTH_USER_COLUMNS}
  FROM personal_access_tokens t
  JOIN users u ON u.id = t.tokenable_id AND u.active AND u.deleted_at IS NULL
 WHERE t.token = $1 AND t.tokenable_type = $2 AND (t.expires_at IS NULL OR t.expires_at > now())`;

const TOKEN_SHAPE = new RegExp(`^(\\d{1,18})\\|([A-Za-z0-9]{${API_TOKEN_RANDOM_LENGTH}})$`);
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const TOUCH_AFTER_MS = 60_000;
const CACHE_LIMIT = 10_000;

/** The hash the table keeps of a token's random part. */
export const hashTokenSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** Sanctum's Str::random(40): letters and digits from the CSPRNG, without modulo bias. */
export function randomTokenSecret(): string {
  let secret = '';
  for (let i = 0; i < API_TOKEN_RANDOM_LENGTH; i++) secret += ALPHABET[randomInt(ALPHABET.length)];
  return secret;
}

/** The abilities column (a JSON array of names), read defensively: a row written by hand may hold anything. */
export function parseAbilities(text: string | null): Permission[] {
  try {
    const value: unknown = JSON.parse(text ?? '[]');
    return Array.isArray(value) ? value.filter((name): name is Permission => typeof name === 'string') : [];
  } catch {
    return [];
  }
}

export function createTokenStore(database: Database) {
  // Kept in memory and forgotten as sessions are (session-store.ts, decision 007): the owner's
  // change (`u:<id>`: disabled, trashed, roles; or a token of theirs revoked, by migration 0030's
  // trigger) or any role's permissions (`all`). Keyed by the credential as sent, as the session cache
  // is by the cookie's id: a hit costs neither the shape check nor a hash, and the credential never
  // leaves this process's memory.
  const cache = new Map<string, CachedToken>();
  let announcements = 0;
  database.onAuthChange((change) => {
    announcements++;
    if (change === 'all') cache.clear();
    else if ('user' in change) {
      for (const [credential, token] of cache) if (token.user.id === change.user) cache.delete(credential);
    }
  });

  async function load(hash: string, id: number): Promise<CachedToken | null> {
    const [row] = await database.query<TokenRow>(LOAD_TOKEN, [hash, USER_TOKENABLE], 'gestor_load_token');
    if (!row || Number(row.token_id) !== id) return null;
    const owner = toAuthUser(row);
    const abilities = new Set(parseAbilities(row.abilities));
    return {
      id,
      user: { ...owner, permissions: owner.permissions.filter((permission) => abilities.has(permission)) },
      expiresAt: row.expires_at?.getTime() ?? null,
      lastUsedAt: row.last_used_at?.getTime() ?? 0,
    };
  }

  return {
    /** The token a bearer credential names, if it is well formed, known, unexpired and its owner active. */
    async find(credential: string): Promise<ResolvedToken | null> {
      let token = database.hearsAuthChanges() ? cache.get(credential) : undefined;
      if (!token) {
        const match = TOKEN_SHAPE.exec(credential);
        if (!match) return null;
        const before = announcements;
        const loaded = await load(hashTokenSecret(match[2]!), Number(match[1]));
        if (!loaded) return null;
        token = loaded;
        if (before === announcements && database.hearsAuthChanges()) {
          if (cache.size >= CACHE_LIMIT) cache.clear();
          cache.set(credential, token);
        }
      }
      if (token.expiresAt !== null && token.expiresAt <= Date.now()) {
        cache.delete(credential);
        return null;
      }
      const { id } = token;
      if (Date.now() - token.lastUsedAt > TOUCH_AFTER_MS) {
        token.lastUsedAt = Date.now();
        // Conditional, so several processes serving one token write it once a minute between them.
        await database.query(
          `UPDATE personal_access_tokens SET last_used_at = now()
            WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')`,
          [id],
          'gestor_touch_token',
        );
      }
      return { id: token.id, user: token.user };
    },
  };
}

export type TokenStore = ReturnType<typeof createTokenStore>;
