import { describe, expect, test } from 'vitest';
import {
  type AccessibilityRule,
  accessibilityErrors,
  checkAccessibility,
  type DocumentAccessibility,
  type DocumentIssue,
  findingSentence,
} from './accessibility';

// docs/accessibility.md: one hand-written case per rule, what it must find and what it must leave
// alone. The pasted Word / Google Docs / LibreOffice corpus is checked where the sanitizer is
// (apps/api/src/lib/accessibility-corpus.test.ts).

const rules = (html: string) => checkAccessibility(html).map((finding) => finding.rule);

describe('images', () => {
  test.each<[string, string, AccessibilityRule[]]>([
    ['no alternative', '<p><img src="https://x.example/a/plano.jpg" /></p>', ['image-alt-missing']],
    [
      'an empty one, not marked decorative',
      '<p><img src="https://x.example/plano.jpg" alt="" /></p>',
      ['image-alt-missing'],
    ],
    [
      'marked decorative here',
      '<p><img src="https://x.example/adorno.png" alt="" data-decorative="true" /></p>',
      [],
    ],
    [
      'a file name',
      '<p><img src="https://x.example/a.jpg" alt="IMG_20240512.jpg" /></p>',
      ['image-alt-meaningless'],
    ],
    [
      'what a camera calls it',
      '<p><img src="https://x.example/a.jpg" alt="DSC01234" /></p>',
      ['image-alt-meaningless'],
    ],
    [
      'an address',
      '<p><img src="https://x.example/a.jpg" alt="https://x.example/a.jpg" /></p>',
      ['image-alt-meaningless'],
    ],
    ['«imagen»', '<p><img src="https://x.example/a.jpg" alt="Imagen" /></p>', ['image-alt-meaningless']],
    [
      '«Foto.» in capitals',
      '<p><img src="https://x.example/a.jpg" alt=" FOTO. " /></p>',
      ['image-alt-meaningless'],
    ],
    [
      'Galician «imaxe»',
      '<p><img src="https://x.example/a.jpg" alt="imaxe" /></p>',
      ['image-alt-meaningless'],
    ],
    ['a description', '<p><img src="https://x.example/a.jpg" alt="Plano de acceso al edificio" /></p>', []],
  ])('%s', (_, html, expected) => {
    expect(rules(html)).toEqual(expected);
  });

  test('a library image is named by its number there, a file by its name; the clause is 9.1.1.1', () => {
    const [library, file] = checkAccessibility(
      '<p><img data-media-id="12" alt="" /><img src="https://x.example/fotos/plano%20sede.jpg?v=2" /></p>',
    );
    expect(library).toMatchObject({
      element: 'Imagen n.º 12 de la biblioteca',
      clause: '9.1.1.1',
      level: 'error',
    });
    expect(file).toMatchObject({ element: 'Imagen «plano sede.jpg»', at: { tag: 'img', index: 1 } });
  });
});

describe('links', () => {
  test.each<[string, string, AccessibilityRule[]]>([
    ['«pinche aquí»', '<p>Las bases, <a href="/bases.pdf">pinche aquí</a>.</p>', ['link-generic-text']],
    [
      '«Pinche AQUÍ.» written otherwise',
      '<p><a href="/bases.pdf">Pinche AQUÍ.</a></p>',
      ['link-generic-text'],
    ],
    ['«leer más»', '<p><a href="/n/1">Leer más</a></p>', ['link-generic-text']],
    ['«más información»', '<p><a href="/n/1">más información</a></p>', ['link-generic-text']],
    ['«descargar»', '<p><a href="/a.pdf">Descargar</a></p>', ['link-generic-text']],
    ['Catalan «feu clic aquí»', '<p><a href="/a">Feu clic aquí</a></p>', ['link-generic-text']],
    ['Catalan «més informació»', '<p><a href="/a">Més informació</a></p>', ['link-generic-text']],
    ['Basque «klik hemen»', '<p><a href="/a">Klik hemen</a></p>', ['link-generic-text']],
    ['Basque «irakurri gehiago»', '<p><a href="/a">Irakurri gehiago</a></p>', ['link-generic-text']],
    ['Galician «prema aquí»', '<p><a href="/a">Prema aquí</a></p>', ['link-generic-text']],
    ['Galician «ler máis»', '<p><a href="/a">Ler máis</a></p>', ['link-generic-text']],
    ['no text', '<p><a href="/a"></a></p>', ['link-no-text']],
    [
      'only an image with no alternative',
      '<p><a href="/a"><img src="https://x.example/i.png" alt="" /></a></p>',
      ['link-no-text', 'image-alt-missing'],
    ],
    [
      'an address as text',
      '<p><a href="https://sede.example/tramite">https://sede.example/tramite</a></p>',
      ['link-address-text'],
    ],
    ['www. as text', '<p><a href="https://www.boe.es">www.boe.es</a></p>', ['link-address-text']],
    ['a text that says where it goes', '<p><a href="/bases.pdf">Bases de la convocatoria (PDF)</a></p>', []],
    [
      'an image with an alternative as its text',
      '<p><a href="/"><img src="https://x.example/l.png" alt="Inicio de la sede" /></a></p>',
      [],
    ],
    [
      'an email address as text (it is the destination)',
      '<p><a href="mailto:info@x.example">info@x.example</a></p>',
      [],
    ],
    ['«aquí» inside a longer text', '<p><a href="/a">Consulte aquí las bases</a></p>', []],
  ])('%s', (_, html, expected) => {
    expect(rules(html)).toEqual(expected);
  });

  test('a new window unannounced is a warning; said in the text, it is not', () => {
    const [warning] = checkAccessibility(
      '<p><a href="/a" target="_blank" rel="noopener noreferrer">Bases</a></p>',
    );
    expect(warning).toMatchObject({ rule: 'link-new-window', level: 'warning', clause: '9.3.2.2' });
    expect(
      rules(
        '<p><a href="/a" target="_blank" rel="noopener noreferrer">Bases (se abre en una ventana nueva)</a></p>',
      ),
    ).toEqual([]);
    expect(rules('<p><a href="/a" target="_blank">Bases (nova finestra)</a></p>')).toEqual([]);
  });

  test('the finding names the link and says what to do, with its clause', () => {
    const [finding] = checkAccessibility(
      '<p><a href="/x">Otro</a> y <a href="/bases.pdf">pinche aquí</a></p>',
    );
    expect(finding).toMatchObject({
      element: 'Enlace «pinche aquí»',
      clause: '9.2.4.4',
      at: { tag: 'a', index: 1 },
    });
    expect(findingSentence(finding!)).toBe(
      'Enlace «pinche aquí»: «pinche aquí» no dice adónde lleva el enlace: escriba el destino (por ejemplo, «Bases de la convocatoria»). (UNE-EN 301 549, 9.2.4.4)',
    );
  });
});

describe('headings', () => {
  test.each<[string, string, AccessibilityRule[]]>([
    [
      'levels in order',
      '<h2>Plazos</h2><h3>Primera fase</h3><h3>Segunda</h3><h2>Lugar</h2><h3>Sede</h3>',
      [],
    ],
    ['a body that starts at level 3 (the title is the level 1)', '<h3>Plazos</h3>', ['heading-skipped']],
    ['2 → 4', '<h2>Plazos</h2><h4>Detalle</h4>', ['heading-skipped']],
    ['going back up any number of levels', '<h2>A</h2><h3>B</h3><h4>C</h4><h2>D</h2>', []],
    ['an empty heading', '<h2>Plazos</h2><h3> </h3>', ['heading-empty']],
    ['a heading of only a line break', '<h2><br /></h2>', ['heading-empty']],
  ])('%s', (_, html, expected) => {
    expect(rules(html)).toEqual(expected);
  });
});

describe('tables and frames', () => {
  test('a table without header cells is an error; one with a header row is not', () => {
    const [finding] = checkAccessibility(
      '<table><tbody><tr><td>Día</td><td>Acto</td></tr><tr><td>Lunes</td><td>Pregón</td></tr></tbody></table>',
    );
    expect(finding).toMatchObject({
      rule: 'table-no-headers',
      clause: '9.1.3.1',
      element: 'Tabla que empieza por «Día Acto Lunes Pregón»',
    });
    expect(
      rules(
        '<table><thead><tr><th>Día</th><th>Acto</th></tr></thead><tbody><tr><td>Lunes</td><td>Pregón</td></tr></tbody></table>',
      ),
    ).toEqual([]);
    expect(rules('<table><tbody><tr><th>Día</th><td>Lunes</td></tr></tbody></table>')).toEqual([]);
  });

  test('an embedded frame needs a title', () => {
    expect(rules('<iframe src="https://mapas.example/sede"></iframe>')).toEqual(['frame-no-title']);
    expect(rules('<iframe src="https://mapas.example/sede" title="Mapa de la sede"></iframe>')).toEqual([]);
  });
});

describe('warnings on how the text is written', () => {
  test.each<[string, string, AccessibilityRule[]]>([
    [
      'a bold paragraph alone, short, as a heading',
      '<p><strong>Plazos de solicitud</strong></p><p>Del 1 al 30.</p>',
      ['bold-as-heading'],
    ],
    [
      'a bold sentence ending in a full stop is emphasis',
      '<p><strong>Es obligatorio presentar el DNI.</strong></p>',
      [],
    ],
    ['bold inside a sentence', '<p>Plazo: <strong>30 días</strong> hábiles.</p>', []],
    [
      'bold in a table cell (a header cell is that rule)',
      '<table><tbody><tr><th>A</th></tr><tr><td><p><strong>Fase</strong></p></td></tr></tbody></table>',
      [],
    ],
    [
      'a paragraph in capitals',
      '<p>SE COMUNICA A TODOS LOS VECINOS QUE EL PLAZO TERMINA EL LUNES.</p>',
      ['capitals'],
    ],
    ['acronyms in a normal sentence', '<p>El BOE y el BOP publican la convocatoria del IMSERSO.</p>', []],
    ['a short label in capitals', '<p>AVISO</p>', []],
  ])('%s', (_, html, expected) => {
    expect(rules(html)).toEqual(expected);
  });

  test('warnings never block: only errors are returned by accessibilityErrors', () => {
    const findings = checkAccessibility('<p><strong>Plazos</strong></p><p><a href="/a">aquí</a></p>');
    expect(findings.map((finding) => finding.level)).toEqual(['warning', 'error']);
    expect(accessibilityErrors(findings).map((finding) => finding.rule)).toEqual(['link-generic-text']);
  });
});

describe('reading the markup', () => {
  test('entities, comments and attributes in either quote are read as a browser would', () => {
    expect(rules("<!-- nota --><p><a href='/a'>Bases &amp; anexos</a></p>")).toEqual([]);
    expect(rules("<p><a href='/a'>aquí</a></p>")).toEqual(['link-generic-text']);
    expect(rules('<p><a href="/a">Pinche&nbsp;aqu&#237;</a></p>')).toEqual(['link-generic-text']);
    expect(rules('<p><a href="/a">&#x50;inche aquí</a></p>')).toEqual(['link-generic-text']);
  });

  test('text outside any element, and markup it does not know, are left alone', () => {
    expect(checkAccessibility('')).toEqual([]);
    expect(checkAccessibility('texto suelto <custom-thing>x</custom-thing>')).toEqual([]);
    expect(checkAccessibility('<p>sin cerrar <strong>negrita')).toEqual([]);
  });

  test('markup nested beyond any real text, or never closed, is read without running out of stack or time', () => {
    const started = Date.now();
    expect(rules(`${'<blockquote>'.repeat(150)}<p><a href="/a">aquí</a></p>`)).toEqual(['link-generic-text']);
    // Beyond 200 levels elements are read flat: what it finds there may differ, but it never fails.
    expect(Array.isArray(checkAccessibility(`${'<blockquote>'.repeat(20_000)}<p>x</p>`))).toBe(true);
    expect(rules(`<p>${'<a href="x">'.repeat(20_000)}`)).toContain('link-no-text');
    expect(checkAccessibility(`<a${' b'.repeat(50_000)}`)).toEqual([]);
    expect(checkAccessibility(`<a b=${'c='.repeat(50_000)}`)).toEqual([]);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  test('elements are counted by kind in the order they are read', () => {
    const findings = checkAccessibility(
      '<h2>A</h2><p><a href="/1">Uno</a> <a href="/2">aquí</a></p><h4>B</h4><p><img src="https://x.example/a.png" /></p>',
    );
    expect(findings.map((finding) => finding.at)).toEqual([
      { tag: 'a', index: 1 },
      { tag: 'heading', index: 1 },
      { tag: 'img', index: 0 },
    ]);
  });
});

describe('links to documents of the library', () => {
  const URL = 'https://gestor.example/storage/media/0123456789abcdef0123456789abcdef.pdf';
  const body = `<p>Lea las <a href="${URL}">bases de la convocatoria (PDF)</a>.</p>`;
  const check = (issues: DocumentIssue[], exempt = false): DocumentAccessibility => ({
    created_on: exempt ? '2017-01-01' : null,
    exempt,
    readable: true,
    issues,
  });
  const documentOf = (found: DocumentAccessibility | null) => (href: string) =>
    href === URL ? { name: 'bases.pdf', check: found } : null;

  test('carry each issue of the document as a warning of the link, with its chapter 10 clause', () => {
    const findings = checkAccessibility(body, { documentOf: documentOf(check(['untagged', 'no-language'])) });
    expect(findings.map(({ rule, level, clause, element }) => ({ rule, level, clause, element }))).toEqual([
      {
        rule: 'document-untagged',
        level: 'warning',
        clause: '10.1.3.1',
        element: 'Enlace «bases de la convocatoria (PDF)»',
      },
      {
        rule: 'document-no-language',
        level: 'warning',
        clause: '10.3.1.1',
        element: 'Enlace «bases de la convocatoria (PDF)»',
      },
    ]);
    expect(findingSentence(findings[0]!)).toBe(
      'Enlace «bases de la convocatoria (PDF)»: el documento «bases.pdf» no está etiquetado: expórtelo de nuevo a PDF con la opción «Documento PDF etiquetado» (o «Etiquetas de estructura») activada. (UNE-EN 301 549, 10.1.3.1)',
    );
    expect(accessibilityErrors(findings)).toEqual([]);
  });

  test('say nothing of an exempt document, an unchecked one, another address, or without the lookup', () => {
    expect(checkAccessibility(body, { documentOf: documentOf(check(['untagged'], true)) })).toEqual([]);
    expect(checkAccessibility(body, { documentOf: documentOf(null) })).toEqual([]);
    expect(
      checkAccessibility(body.replace(URL, 'https://otra.example/bases.pdf'), {
        documentOf: documentOf(check(['untagged'])),
      }),
    ).toEqual([]);
    expect(checkAccessibility(body)).toEqual([]);
  });
});
