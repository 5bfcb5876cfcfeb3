import { describe, expect, test } from 'vitest';
import { isAllowedLinkHref, linkHrefProblem, normalizeLinkInput } from './rich-text-link';

describe('isAllowedLinkHref', () => {
  test.each([
    'https://www.boe.es/',
    'HTTP://ejemplo.org',
    'mailto:info@ayuntamiento.es',
    'tel:+34910000000',
    '/paginas/aviso-legal',
    '#contacto',
    '?pagina=2',
    'anexo.pdf',
    '../otra',
  ])('allows %s', (href) => {
    expect(isAllowedLinkHref(href)).toBe(true);
  });

  test.each([
    '',
    '   ',
    'javascript:alert(1)',
    ' JavaScript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,hola',
    'vbscript:x',
    'ftp://ficheros.example',
    '//evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    'file:///etc/passwd',
  ])('refuses %j', (href) => {
    expect(isAllowedLinkHref(href)).toBe(false);
  });
});

describe('normalizeLinkInput', () => {
  test.each([
    ['www.boe.es', 'https://www.boe.es'],
    ['sede.ayuntamiento.es/tramites?id=3', 'https://sede.ayuntamiento.es/tramites?id=3'],
    ['info@ayuntamiento.es', 'mailto:info@ayuntamiento.es'],
    ['+34 910 00 00 00', 'tel:+34910000000'],
    ['(91) 000-00-00', 'tel:910000000'],
    ['  https://ejemplo.org  ', 'https://ejemplo.org'],
    ['/paginas/aviso-legal', '/paginas/aviso-legal'],
    ['#contacto', '#contacto'],
    ['anexo.pdf', 'anexo.pdf'],
    ['javascript:alert(1)', 'javascript:alert(1)'],
    ['texto suelto', 'texto suelto'],
    ['', ''],
  ])('%j → %j', (input, expected) => {
    expect(normalizeLinkInput(input)).toBe(expected);
  });
});

describe('linkHrefProblem', () => {
  test('says what is missing or refused, in Spanish', () => {
    expect(linkHrefProblem('')).toBe('Escriba la dirección del enlace.');
    expect(linkHrefProblem('https://ejemplo.org')).toBeNull();
    expect(linkHrefProblem('//ejemplo.org')).toMatch(/https:\/\//);
    expect(linkHrefProblem('javascript:alert(1)')).toMatch(/Solo se admiten/);
  });
});
