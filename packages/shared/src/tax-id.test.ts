import { describe, expect, test } from 'vitest';
import { checkTaxId, cifControlDigit, normalizeTaxId, personControlLetter } from './tax-id';

// The NIF/NIE/CIF check both sides run: valid numbers of each kind (some real public bodies'), and
// for every way of being wrong the sentence that says which.

const ok = (value: string, kind: string) => ({ ok: true, value, kind });
const wrong = (message: string) => ({ ok: false, message });

describe('checkTaxId', () => {
  test('a DNI-style NIF: 8 digits and the letter of their remainder by 23', () => {
    expect(checkTaxId('12345678Z')).toEqual(ok('12345678Z', 'nif'));
    expect(checkTaxId('00000000T')).toEqual(ok('00000000T', 'nif'));
    expect(checkTaxId('12345678A')).toEqual(wrong('La letra de control del NIF no es correcta.'));
    expect(checkTaxId('1234567Z')).toEqual(
      wrong('El NIF debe tener 8 cifras y una letra de control (por ejemplo, 12345678Z).'),
    );
    expect(checkTaxId('123456789')).toEqual(
      wrong('El NIF debe tener 8 cifras y una letra de control (por ejemplo, 12345678Z).'),
    );
  });

  test('lower case, spaces, dashes and dots are normalized away', () => {
    expect(checkTaxId(' 12.345.678-z ')).toEqual(ok('12345678Z', 'nif'));
    expect(checkTaxId('x-1234567-l')).toEqual(ok('X1234567L', 'nie'));
    expect(checkTaxId('b 1234567 4')).toEqual(ok('B12345674', 'cif'));
    expect(normalizeTaxId('p-2807900 b')).toBe('P2807900B');
  });

  test('a NIE: X, Y or Z read as 0, 1, 2, then the same letter', () => {
    expect(checkTaxId('X1234567L')).toEqual(ok('X1234567L', 'nie'));
    expect(checkTaxId('Y1234567X')).toEqual(ok('Y1234567X', 'nie'));
    expect(checkTaxId('Z1234567R')).toEqual(ok('Z1234567R', 'nie'));
    expect(checkTaxId('X1234567A')).toEqual(wrong('La letra de control del NIE no es correcta.'));
    // The letter of Y's number put on X: the prefix counts.
    expect(checkTaxId('X1234567X')).toEqual(wrong('La letra de control del NIE no es correcta.'));
    expect(checkTaxId('X12345678')).toEqual(
      wrong('El NIE debe tener la letra X, Y o Z, 7 cifras y una letra de control (por ejemplo, X1234567L).'),
    );
  });

  test('K, L and M NIFs: the letter of their 7 digits', () => {
    expect(checkTaxId('K1234567L')).toEqual(ok('K1234567L', 'nif'));
    expect(checkTaxId('L7654321J')).toEqual(ok('L7654321J', 'nif'));
    expect(checkTaxId('M1234567L')).toEqual(ok('M1234567L', 'nif'));
    expect(checkTaxId('K1234567A')).toEqual(wrong('La letra de control del NIF no es correcta.'));
    expect(checkTaxId('M123456L')).toEqual(
      wrong('El NIF que empieza por M debe tener 7 cifras y una letra de control (por ejemplo, M1234567L).'),
    );
  });

  test('a CIF with a control digit (A, B, E, H)', () => {
    // Telefónica, S.A.
    expect(checkTaxId('A28015865')).toEqual(ok('A28015865', 'cif'));
    expect(checkTaxId('B12345674')).toEqual(ok('B12345674', 'cif'));
    expect(checkTaxId('B12345675')).toEqual(wrong('El dígito de control del CIF no es correcto.'));
    // D is the letter of 4, but a company (B) ends in a digit.
    expect(checkTaxId('B1234567D')).toEqual(
      wrong('El CIF que empieza por B termina en un dígito de control, no en una letra.'),
    );
  });

  test('a CIF with a control letter (N, P, Q, R, S, W, and non-residents 00)', () => {
    // Ayuntamiento de Madrid, Agencia Tributaria.
    expect(checkTaxId('P2807900B')).toEqual(ok('P2807900B', 'cif'));
    expect(checkTaxId('Q2826000H')).toEqual(ok('Q2826000H', 'cif'));
    expect(checkTaxId('P2807900C')).toEqual(wrong('La letra de control del CIF no es correcta.'));
    expect(checkTaxId('P28079002')).toEqual(
      wrong('El CIF que empieza por P termina en una letra de control, no en una cifra.'),
    );
    expect(checkTaxId('N0012345E')).toEqual(ok('N0012345E', 'cif'));
    expect(checkTaxId('B00123455')).toEqual(
      wrong('El CIF de una entidad no residente termina en una letra de control, no en una cifra.'),
    );
    expect(checkTaxId('B0012345E')).toEqual(ok('B0012345E', 'cif'));
  });

  test('a CIF that may end in either (C, D, F, G, J, U, V)', () => {
    expect(checkTaxId('G12345674')).toEqual(ok('G12345674', 'cif'));
    expect(checkTaxId('G1234567D')).toEqual(ok('G1234567D', 'cif'));
    expect(checkTaxId('G12345670')).toEqual(wrong('El dígito de control del CIF no es correcto.'));
    expect(checkTaxId('G1234567J')).toEqual(wrong('La letra de control del CIF no es correcta.'));
    expect(checkTaxId('G123456')).toEqual(
      wrong(
        'El CIF debe tener la letra de la entidad, 7 cifras y un carácter de control (por ejemplo, B12345674).',
      ),
    );
  });

  test('what is neither says why', () => {
    expect(checkTaxId('  - ')).toEqual(wrong('Indique el NIF, NIE o CIF.'));
    expect(checkTaxId('12345678Ñ')).toEqual(
      wrong('El NIF, NIE o CIF solo puede contener letras sin acentos y números.'),
    );
    const t = checkTaxId('T1234567L');
    expect(t.ok).toBe(false);
    expect(!t.ok && t.message).toMatch(
      /^El NIF, NIE o CIF no puede empezar por «T»: .*el NIE debe empezar por X, Y o Z/,
    );
  });

  test('the control computations', () => {
    expect(personControlLetter('12345678')).toBe('Z');
    expect(cifControlDigit('2801586')).toBe(5);
    expect(cifControlDigit('2807900')).toBe(2);
  });
});
