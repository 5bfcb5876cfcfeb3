import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

// Secrets the server must read back (a two-factor secret, recovery codes) are kept encrypted, as
// Laravel's `encrypted` casts keep Fortify's columns: AES-256-GCM under a key derived from APP_KEY
// (HKDF-SHA256 with a purpose label, so this key is never the one that signs sessions). Stored as
// `v1.<iv>.<tag>.<ciphertext>` in base64url; a value altered in the database fails to open.

const IV_BYTES = 12;

export function createSecretBox(appKey: Buffer, purpose: string) {
  const key = Buffer.from(hkdfSync('sha256', appKey, Buffer.alloc(0), `gestor:secret-box:${purpose}`, 32));
  return {
    seal(plain: string): string {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url')).join('.');
    },
    /** The plain text, or null for a value this key did not seal (or that was altered). */
    open(sealed: string): string | null {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        return null;
      }
    },
  };
}

export type SecretBox = ReturnType<typeof createSecretBox>;
