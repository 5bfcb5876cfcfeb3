import { z } from 'zod';
import { MESSAGES } from './messages';
// Installs the Spanish zod messages wherever field rules are used (the API and the SPA alike).
import './zod-spanish';

// Field rules in Laravel's spirit, with the Spanish sentences people read under each field.
// Both sides build their schemas from these, so the form and the API say the same thing.

/** U+0000: PostgreSQL can neither store nor compare it, so text carrying it is refused where it enters. */
export const hasNul = (value: string) => value.includes('\u0000');

/**
 * `.refine(...nulCheck(label))`: refuses U+0000 before any other rule, and stops there (one message,
 * the one that explains it). The field builders below carry it; a bare z.string() should too.
 */
export const nulCheck = (label: string) =>
  [(value: string) => !hasNul(value), { error: MESSAGES.invalidCharacters(label), abort: true }] as const;

/**
 * Unicode's bidirectional controls (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069): invisible,
 * they reorder what is shown around them, so "\u202Egnp.exe" reads "exe.png" (CVE-2021-42574's
 * "Trojan Source"). A one-line name or title never needs them: removed where such text enters.
 */
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
export const stripBidiControls = (value: string) => value.replace(BIDI_CONTROLS, '');

export function requiredText(label: string, { min = 1, max = 255 }: { min?: number; max?: number } = {}) {
  return z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? `El campo ${label} es obligatorio.`
          : `El campo ${label} debe ser un texto.`,
    })
    .refine(...nulCheck(label))
    .overwrite(stripBidiControls)
    .trim()
    .min(min, {
      error:
        min <= 1
          ? `El campo ${label} es obligatorio.`
          : `El campo ${label} debe tener al menos ${min} caracteres.`,
    })
    .max(max, { error: `El campo ${label} no debe tener más de ${max} caracteres.` });
}

export function emailField(label = 'correo electrónico') {
  return requiredText(label, { max: 255 })
    .pipe(z.email({ error: `El campo ${label} debe ser una dirección de correo válida.` }))
    .transform((value) => value.toLowerCase());
}

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** docs/http-api.md: at least 8 characters, at most 128, no composition rules. */
export function passwordField(label = 'contraseña') {
  return z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? `El campo ${label} es obligatorio.`
          : `El campo ${label} debe ser un texto.`,
    })
    .refine(...nulCheck(label))
    .min(1, { error: `El campo ${label} es obligatorio.` })
    .min(PASSWORD_MIN, { error: `El campo ${label} debe tener al menos ${PASSWORD_MIN} caracteres.` })
    .max(PASSWORD_MAX, { error: `El campo ${label} no debe tener más de ${PASSWORD_MAX} caracteres.` });
}

/**
 * A password typed to prove who one is (the sign-in, "Mi cuenta"'s current password): any length the
 * person once chose, so only present, free of U+0000 and not absurdly long.
 */
export function typedPasswordField(label = 'contraseña') {
  return z
    .string({ error: `El campo ${label} es obligatorio.` })
    .refine(...nulCheck(label))
    .min(1, { error: `El campo ${label} es obligatorio.` })
    .max(1024, { error: `El campo ${label} es demasiado largo.` });
}

export function booleanField(label: string) {
  return z.boolean({ error: `El campo ${label} debe ser verdadero o falso.` });
}

/** Laravel's 422 body: the first message, and every message by field. */
export type ValidationErrors = Record<string, string[]>;

export function unknownFieldMessage(field: string) {
  return `El campo ${field} no está permitido.`;
}

/** Turns zod issues into Laravel's `errors` object, naming unknown keys as Spanish messages too. */
export function toValidationErrors(error: z.ZodError): ValidationErrors {
  // A Map, not an object: a client's field may be named `__proto__` or `constructor`.
  const errors = new Map<string, string[]>();
  const add = (field: string, message: string) => {
    const list = errors.get(field) ?? [];
    list.push(message);
    errors.set(field, list);
  };
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      const parent = issue.path.join('.');
      for (const key of issue.keys) {
        const field = parent ? `${parent}.${key}` : key;
        add(field, unknownFieldMessage(field));
      }
      continue;
    }
    const field = issue.path.length ? issue.path.join('.') : '_';
    add(field, issue.message);
  }
  return Object.fromEntries(errors);
}
