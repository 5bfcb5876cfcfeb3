// Spanish tax identification numbers (docs/areas.md entities: "a Spanish NIF, NIE or CIF with its control
// character checked"), after Real Decreto 1065/2007 and Orden EHA/451/2008. Pure: the API's schema and
// the SPA's form call the same function, so the person reads the server's message before sending.
//
// - NIF of a person (DNI): 8 digits and a control letter, TRWAGMYFPDXBNJZSQVHLCKE[number mod 23].
// - NIE (foreigners): X, Y or Z (read as 0, 1, 2), 7 digits and the same control letter.
// - K, L, M NIFs (Spanish under 14, Spanish non-residents, foreigners without NIE): the letter, 7
//   digits and the control letter of those 7 digits.
// - CIF (legal entities): the organisation letter, 7 digits (province and number) and a control
//   character from the Luhn-like sum of the digits: a digit (A, B, E, H), a letter JABCDEFGHI (N, P, Q,
//   R, S, W, and any entity whose province digits are 00, non-resident), or either (C, D, F, G, J, U, V).

export type TaxIdKind = 'nif' | 'nie' | 'cif';

export type TaxIdCheck = { ok: true; value: string; kind: TaxIdKind } | { ok: false; message: string };

const PERSON_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
const CIF_LETTERS = 'JABCDEFGHI';
const CIF_ORGANISATIONS = 'ABCDEFGHJNPQRSUVW';
const CIF_DIGIT_CONTROL = 'ABEH';
const CIF_LETTER_CONTROL = 'NPQRSW';

export const TAX_ID_LENGTH = 9;

/** Upper case, without the spaces, dashes and dots people write between the parts (`12.345.678-z`). */
export function normalizeTaxId(raw: string): string {
  return raw.replace(/[\s.-]+/g, '').toUpperCase();
}

/** The control letter of a person's number (DNI, NIE with its prefix read as a digit, K/L/M). */
export function personControlLetter(digits: string): string {
  return PERSON_LETTERS[Number(digits) % 23]!;
}

/** The control digit of a CIF's 7 digits; its letter is CIF_LETTERS[digit]. */
export function cifControlDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    const digit = Number(digits[i]);
    if (i % 2 === 0) {
      // Odd places (1st, 3rd…) count double, adding the two digits of the product.
      const doubled = digit * 2;
      sum += Math.floor(doubled / 10) + (doubled % 10);
    } else {
      sum += digit;
    }
  }
  return (10 - (sum % 10)) % 10;
}

const fail = (message: string): TaxIdCheck => ({ ok: false, message });

/**
 * Checks a NIF, NIE or CIF as a person types it. Returns the normalized value (upper case, no spaces,
 * dashes or dots) and its kind, or a Spanish sentence saying what is wrong with it.
 */
export function checkTaxId(raw: string): TaxIdCheck {
  const value = normalizeTaxId(raw);
  if (!value) return fail('Indique el NIF, NIE o CIF.');
  if (!/^[0-9A-Z]+$/.test(value)) {
    return fail('El NIF, NIE o CIF solo puede contener letras sin acentos y números.');
  }
  const first = value[0]!;
  const last = value[value.length - 1]!;
  const middle = value.slice(1, -1);

  if (/[0-9]/.test(first)) {
    if (!/^[0-9]{8}[A-Z]$/.test(value)) {
      return fail('El NIF debe tener 8 cifras y una letra de control (por ejemplo, 12345678Z).');
    }
    if (last !== personControlLetter(value.slice(0, 8)))
      return fail('La letra de control del NIF no es correcta.');
    return { ok: true, value, kind: 'nif' };
  }

  if ('XYZ'.includes(first)) {
    if (!/^[XYZ][0-9]{7}[A-Z]$/.test(value)) {
      return fail(
        'El NIE debe tener la letra X, Y o Z, 7 cifras y una letra de control (por ejemplo, X1234567L).',
      );
    }
    const digits = `${'XYZ'.indexOf(first)}${middle}`;
    if (last !== personControlLetter(digits)) return fail('La letra de control del NIE no es correcta.');
    return { ok: true, value, kind: 'nie' };
  }

  if ('KLM'.includes(first)) {
    if (!/^[KLM][0-9]{7}[A-Z]$/.test(value)) {
      return fail(
        `El NIF que empieza por ${first} debe tener 7 cifras y una letra de control (por ejemplo, ${first}1234567L).`,
      );
    }
    if (last !== personControlLetter(middle)) return fail('La letra de control del NIF no es correcta.');
    return { ok: true, value, kind: 'nif' };
  }

  if (CIF_ORGANISATIONS.includes(first)) {
    if (!/^[A-Z][0-9]{7}[0-9A-Z]$/.test(value)) {
      return fail(
        'El CIF debe tener la letra de la entidad, 7 cifras y un carácter de control (por ejemplo, B12345674).',
      );
    }
    const digit = cifControlDigit(middle);
    const letterControl = CIF_LETTER_CONTROL.includes(first) || middle.startsWith('00');
    const digitControl = CIF_DIGIT_CONTROL.includes(first) && !letterControl;
    const endsInDigit = /[0-9]/.test(last);
    if (endsInDigit && letterControl) {
      return fail(
        middle.startsWith('00')
          ? 'El CIF de una entidad no residente termina en una letra de control, no en una cifra.'
          : `El CIF que empieza por ${first} termina en una letra de control, no en una cifra.`,
      );
    }
    if (!endsInDigit && digitControl) {
      return fail(`El CIF que empieza por ${first} termina en un dígito de control, no en una letra.`);
    }
    if (endsInDigit && Number(last) !== digit) return fail('El dígito de control del CIF no es correcto.');
    if (!endsInDigit && last !== CIF_LETTERS[digit])
      return fail('La letra de control del CIF no es correcta.');
    return { ok: true, value, kind: 'cif' };
  }

  return fail(
    `El NIF, NIE o CIF no puede empezar por «${first}»: un NIF empieza por una cifra o por K, L o M; el NIE debe empezar por X, Y o Z; el CIF, por A, B, C, D, E, F, G, H, J, N, P, Q, R, S, U, V o W.`,
  );
}
