import { createHmac } from 'node:crypto';
import type { PreviewArea } from '@gestor/shared';
import { safeEqual } from '../../lib/tokens';

// docs/public-api.md#previews-of-drafts (decision 021): a token names its area, its record and its expiry,
// signed with APP_KEY (HMAC-SHA256, base64url). Nothing is stored: it is checked by its signature and
// its time alone, so any server process of the same APP_KEY reads it, and it cannot be revoked before
// it expires (short-lived by PREVIEW_TTL_MINUTES). `news.12.1767225600.<signature>`.

/** The HMAC's input is namespaced, so no other value signed with APP_KEY ever reads as a preview. */
const PURPOSE = 'gestor-preview-v1';
const TOKEN = /^(news|page)\.([1-9]\d{0,9})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

export interface PreviewClaim {
  area: PreviewArea;
  id: number;
  /** Expiry, in seconds since the epoch. */
  expires: number;
}

export function previewTokens(key: Buffer) {
  const sign = (payload: string) =>
    createHmac('sha256', key).update(`${PURPOSE}:${payload}`).digest('base64url');
  return {
    issue(area: PreviewArea, id: number, ttlMinutes: number, now = Date.now()) {
      const expires = Math.floor(now / 1000) + ttlMinutes * 60;
      const payload = `${area}.${id}.${expires}`;
      return { token: `${payload}.${sign(payload)}`, expiresAt: new Date(expires * 1000) };
    },
    /** The claim of a token that is well formed, signed by this key and not expired; else null. */
    read(token: string, now = Date.now()): PreviewClaim | null {
      const match = TOKEN.exec(token);
      if (!match) return null;
      const [, area, id, expires, signature] = match as unknown as [
        string,
        PreviewArea,
        string,
        string,
        string,
      ];
      if (!safeEqual(signature, sign(`${area}.${id}.${expires}`))) return null;
      if (Number(expires) * 1000 <= now || Number(id) > 2_147_483_647) return null;
      return { area, id: Number(id), expires: Number(expires) };
    },
  };
}
