import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type AccessibilityRule, checkAccessibility } from '@gestor/shared';
import { describe, expect, test } from 'vitest';
import { type Found, storedImageRule } from '../modules/multimedia/media-links';
import { libraryFileOf } from '../modules/multimedia/media-refs';
import { sanitizeRichText } from './rich-text';

// docs/accessibility.md: the check the server runs on a stored body is the editor's, on the same
// markup. Pasted Word, Google Docs and LibreOffice HTML (test/fixtures/pasted-html), sanitized as a
// save stores it, must give these findings; and for hand-written bodies, sanitizing changes nothing
// of what the check finds, so the editor (which checks what it holds) and the server agree.

const fileOf = libraryFileOf(['http://localhost:8000/storage/media']);
const stored = (input: string) => {
  const found: Found = { ids: new Set(), files: new Set() };
  return sanitizeRichText(input, { image: storedImageRule(fileOf, found) });
};
const fixture = (name: string) =>
  readFileSync(join(__dirname, '../../test/fixtures/pasted-html', name), 'utf8');
const found = (html: string) => checkAccessibility(html).map(({ rule, element }) => [rule, element]);

describe('what pasted documents give, once stored', () => {
  test.each<[string, Array<[AccessibilityRule, string]>]>([
    [
      'google-docs-article.html',
      [['table-no-headers', 'Tabla que empieza por «Día Acto Domingo Misa y comida»']],
    ],
    ['google-docs-nested-lists.html', []],
    [
      'libreoffice-writer.html',
      [
        ['bold-as-heading', 'Párrafo «Acta de la sesión»'],
        ['table-no-headers', 'Tabla que empieza por «Punto Acuerdo 1Aprobación Rechazado Apro»'],
        ['link-new-window', 'Enlace «Ver acta»'],
      ],
    ],
    [
      'outlook-and-odd-markup.html',
      [
        ['table-no-headers', 'Tabla que empieza por «celda»'],
        // Outlook's <h4> after no heading at all: level 4 where 2 is due.
        ['heading-skipped', 'Título «Nota»'],
      ],
    ],
    [
      'word-letter.html',
      [
        ['bold-as-heading', 'Párrafo «CONVOCATORIA DE AYUDAS 2026»'],
        ['capitals', 'Párrafo «CONVOCATORIA DE AYUDAS 2026»'],
      ],
    ],
    [
      'word-table-and-lists.html',
      [['table-no-headers', 'Tabla que empieza por «Fase Fechas Inscripción 1 de junio 30 de»']],
    ],
  ])('%s', (name, expected) => {
    expect(found(stored(fixture(name)))).toEqual(expected);
  });
});

describe('the editor and the server find the same', () => {
  // One case per rule, written as the editor or an API client sends it.
  const bodies = [
    '<p><img src="https://fotos.example/plano.jpg"></p>',
    '<p><img data-media-id="7" alt=""></p>',
    '<p><img data-media-id="7" alt="" data-decorative="true"></p>',
    '<p><img src="https://fotos.example/a.jpg" alt="IMG_1234.JPG"></p>',
    '<p>Las bases, <a href="/bases.pdf">pinche aquí</a>.</p>',
    '<p><a href="https://sede.example/t">https://sede.example/t</a></p>',
    '<p><a href="/a"><img src="https://fotos.example/i.png"></a></p>',
    '<p><a href="/a" target="_blank">Bases</a></p>',
    '<h3>Plazos</h3><h2></h2>',
    '<table><tr><td>Día</td><td>Acto</td></tr></table>',
    '<p><b>Plazos de solicitud</b></p>',
    '<p>SE COMUNICA A TODOS LOS VECINOS QUE EL PLAZO TERMINA EL LUNES.</p>',
  ];

  test.each(bodies)('%s', (body) => {
    const inEditor = checkAccessibility(body);
    // Every case but the decorative image finds something: an empty check would agree trivially.
    expect(inEditor.length === 0).toBe(body.includes('data-decorative'));
    expect(checkAccessibility(stored(body))).toEqual(inEditor);
  });
});
