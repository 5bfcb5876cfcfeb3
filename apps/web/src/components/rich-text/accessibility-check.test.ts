import { capitalized, checkAccessibility, NEWS, PAGES } from '@gestor/shared';
import { describe, expect, it } from 'vitest';
import {
  findingCounts,
  findingSelector,
  findingsAnnouncement,
  richTextFieldOf,
  sameFindings,
} from './accessibility-check';

const GENERIC_LINK = '<p>Las bases, <a href="https://sede.example.es/bases.pdf">pinche aquí</a>.</p>';
const NO_ALT = '<img src="/media/plano.jpg">';
const CAPITALS = '<p>ESTE PÁRRAFO ESTÁ ESCRITO ENTERO EN MAYÚSCULAS</p>';

describe('the panel’s counts', () => {
  it('says what there is, in words, and nothing when there is none', () => {
    expect(findingCounts([])).toBe('');
    expect(findingsAnnouncement([])).toBe('Sin problemas de accesibilidad detectados en el texto.');
    expect(findingsAnnouncement(checkAccessibility(GENERIC_LINK))).toBe('1 error de accesibilidad');
    expect(findingsAnnouncement(checkAccessibility(CAPITALS))).toBe('1 aviso de accesibilidad');
    expect(findingCounts(checkAccessibility(`${GENERIC_LINK}${NO_ALT}${CAPITALS}`))).toBe(
      '2 errores y 1 aviso',
    );
    expect(findingCounts(checkAccessibility(`${CAPITALS}${CAPITALS}`))).toBe('2 avisos');
  });

  it('tells the same findings from changed ones (typing elsewhere announces nothing)', () => {
    const before = checkAccessibility(GENERIC_LINK);
    expect(sameFindings(before, checkAccessibility(`<p>Texto nuevo.</p>${GENERIC_LINK}`))).toBe(true);
    // Another link before it: the finding is about the second link now («Ir al elemento» must know).
    const linkBefore = '<p><a href="https://sede.example.es">Sede electrónica</a></p>';
    expect(sameFindings(before, checkAccessibility(`${linkBefore}${GENERIC_LINK}`))).toBe(false);
    expect(
      sameFindings(before, checkAccessibility(GENERIC_LINK.replace('pinche aquí', 'haga clic aquí'))),
    ).toBe(false);
  });
});

describe('finding an element in the editor', () => {
  it('counts the editor’s elements as the check counts them in the HTML', () => {
    expect(findingSelector('heading')).toBe('h1, h2, h3, h4, h5, h6');
    // ProseMirror draws <img class="ProseMirror-separator"> after some inline nodes: not an image.
    expect(findingSelector('img')).toBe('img:not(.ProseMirror-separator)');
    expect(findingSelector('a')).toBe('a');
    expect(findingSelector('table')).toBe('table');
    // A frame only comes from a stored body: the editor cannot show one.
    expect(findingSelector('iframe')).toBeUndefined();
  });

  it('finds the body of an area in its field table', () => {
    expect(richTextFieldOf(NEWS.fields)).toBe('body');
    expect(richTextFieldOf(PAGES.fields)).toBe('body');
    expect(richTextFieldOf({})).toBeUndefined();
  });

  it('writes a message as a sentence of its own', () => {
    expect(capitalized('escriba un texto alternativo.')).toBe('Escriba un texto alternativo.');
    expect(capitalized('«pinche aquí» no dice adónde lleva')).toBe('«pinche aquí» no dice adónde lleva');
  });
});
