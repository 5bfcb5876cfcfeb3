import { hash, verify } from '@node-rs/argon2';
import bcrypt from 'bcryptjs';

// docs/architecture.md: argon2id with m=19 MiB, t=2, p=1 (OWASP's minimum); bcrypt hashes from a Laravel
// database ($2y$/$2b$) are accepted and re-hashed at the next sign-in.
// algorithm 2 is Algorithm.Argon2id (a const enum, which verbatimModuleSyntax cannot import).
const ARGON2 = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
const CURRENT_PARAMS = `m=${ARGON2.memoryCost},t=${ARGON2.timeCost},p=${ARGON2.parallelism}`;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2);
}

export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) {
    await burnTime(password);
    return false;
  }
  try {
    if (stored.startsWith('$argon2')) return await verify(stored, password);
    if (/^\$2[aby]\$/.test(stored)) return await bcrypt.compare(password, stored.replace(/^\$2y\$/, '$2b$'));
  } catch {
    return false;
  }
  return false;
}

export function needsRehash(stored: string): boolean {
  return !stored.startsWith('$argon2id$') || !stored.includes(CURRENT_PARAMS);
}

let decoy: Promise<string> | undefined;

/** Spends what a real verification costs, so a missing account answers in the same time as a wrong password. */
export async function burnTime(password: string): Promise<void> {
  decoy ??= hashPassword('una contraseña que nadie tiene');
  await verify(await decoy, password).catch(() => false);
}
