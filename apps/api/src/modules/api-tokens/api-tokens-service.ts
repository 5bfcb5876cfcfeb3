import {
  API_TOKEN_MESSAGES,
  API_TOKENS_PER_USER,
  type ApiToken,
  type AuthUser,
  abilitiesBeyond,
  CreateApiTokenInput,
  type NewApiToken,
} from '@gestor/shared';
import type { Database } from '../../db/client';
import { notFound, ValidationError } from '../../lib/http-errors';
import { validate } from '../../lib/validate';
import { type RequestOrigin, recordSecurityEvent } from '../activity/security-events';
import type { AuditActor } from '../resource/audit-log';
import { hashTokenSecret, parseAbilities, randomTokenSecret, USER_TOKENABLE } from './token-store';

// Sanctum's HasApiTokens (issue 21, decision 037): create, list and revoke a person's tokens.

interface TokenRow {
  id: number;
  name: string;
  abilities: string | null;
  last_used_at: Date | null;
  expires_at: Date | null;
  created_at: Date;
}

const toApiToken = (row: TokenRow): ApiToken => ({
  id: Number(row.id),
  name: row.name,
  abilities: parseAbilities(row.abilities),
  last_used_at: row.last_used_at?.toISOString() ?? null,
  expires_at: row.expires_at?.toISOString() ?? null,
  created_at: row.created_at.toISOString(),
});

/** A token id from a path: digits that fit a bigint, else no token at all. */
export const tokenIdOf = (raw: string): number | null => (/^\d{1,15}$/.test(raw) ? Number(raw) : null);

export function createApiTokensService(database: Database) {
  return {
    /** A person's tokens, newest first (expired ones too, until someone revokes them). */
    async list(userId: number): Promise<ApiToken[]> {
      const rows = await database.query<TokenRow>(
        `SELECT id, name, abilities, last_used_at, expires_at, created_at FROM personal_access_tokens
          WHERE tokenable_type = $1 AND tokenable_id = $2 ORDER BY created_at DESC, id DESC`,
        [USER_TOKENABLE, userId],
      );
      return rows.map(toApiToken);
    },

    /**
     * A new token for `owner` (the person asking): abilities only among the owner's own current
     * permissions, an expiry in the future, at most API_TOKENS_PER_USER live ones.
     */
    async create(owner: AuthUser, body: unknown, origin: RequestOrigin): Promise<NewApiToken> {
      const input = validate(CreateApiTokenInput, body);
      const beyond = abilitiesBeyond(input.abilities, owner.permissions);
      if (beyond.length) throw ValidationError.field('abilities', API_TOKEN_MESSAGES.abilitiesBeyond(beyond));
      const expiresAt = input.expires_at ? new Date(input.expires_at) : null;
      if (expiresAt && expiresAt.getTime() <= Date.now()) {
        throw ValidationError.field('expires_at', API_TOKEN_MESSAGES.expiresInPast);
      }
      const secret = randomTokenSecret();
      const row = await database.transaction(async (tx) => {
        // The owner's row is held, so two creations at once cannot both pass the count.
        await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [owner.id]);
        const [count] = await tx.query<{ live: number }>(
          `SELECT count(*)::int AS live FROM personal_access_tokens
            WHERE tokenable_type = $1 AND tokenable_id = $2 AND (expires_at IS NULL OR expires_at > now())`,
          [USER_TOKENABLE, owner.id],
        );
        if ((count?.live ?? 0) >= API_TOKENS_PER_USER) {
          throw ValidationError.field('name', API_TOKEN_MESSAGES.tooMany);
        }
        const [created] = await tx.query<TokenRow>(
          `INSERT INTO personal_access_tokens (tokenable_type, tokenable_id, name, token, abilities, expires_at)
           VALUES ($1, $2, $3, $4, $5, $6)
           RETURNING id, name, abilities, last_used_at, expires_at, created_at`,
          [
            USER_TOKENABLE,
            owner.id,
            input.name,
            hashTokenSecret(secret),
            JSON.stringify(input.abilities),
            expiresAt,
          ],
        );
        await recordSecurityEvent(tx, {
          kind: 'token_created',
          user: { id: owner.id, name: owner.name, email: owner.email },
          origin,
          details: {
            token_id: Number(created!.id),
            name: input.name,
            abilities: input.abilities,
            expires_at: expiresAt?.toISOString() ?? null,
          },
        });
        return created!;
      });
      const token = toApiToken(row);
      return {
        id: token.id,
        name: token.name,
        abilities: token.abilities,
        expires_at: token.expires_at,
        token: `${token.id}|${secret}`,
      };
    },

    /**
     * Revokes one token of `owner`'s (404 when there is none by that id among theirs), writing the
     * security log; `actor` is the administrator when it is not the owner.
     */
    async revoke(
      owner: { id: number; name: string; email: string },
      tokenId: number | null,
      origin: RequestOrigin,
      actor: AuditActor | null = null,
    ): Promise<void> {
      if (tokenId === null) throw notFound();
      await database.transaction(async (tx) => {
        const [revoked] = await tx.query<{ name: string }>(
          `DELETE FROM personal_access_tokens WHERE id = $1 AND tokenable_type = $2 AND tokenable_id = $3
           RETURNING name`,
          [tokenId, USER_TOKENABLE, owner.id],
        );
        if (!revoked) throw notFound();
        await recordSecurityEvent(tx, {
          kind: 'token_revoked',
          user: owner,
          actor,
          origin,
          details: { token_id: tokenId, name: revoked.name },
        });
      });
    },
  };
}

export type ApiTokensService = ReturnType<typeof createApiTokensService>;
