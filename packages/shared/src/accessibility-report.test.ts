import { describe, expect, test } from 'vitest';
import { ACCESSIBILITY_RULES } from './accessibility';
import {
  ACCESSIBILITY_CLAUSE_TITLES,
  type AccessibilityReport,
  compareClauses,
  DRAFT_TITLES_PER_CLAUSE,
  monitoringReportDraft,
  statementDraft,
} from './accessibility-report';

// docs/accessibility.md#la-pantalla-accesibilidad: the statement's «Contenido no accesible» section
// and the yearly monitoring report, drafted from the screen's data alone.

const REPORT: AccessibilityReport = {
  // 23/11/2026 18:55 in Madrid.
  checked_at: '2026-11-23T17:55:00.000Z',
  items_checked: 5,
  checked_by_area: [
    { area: 'news', count: 3 },
    { area: 'page', count: 1 },
    { area: 'event', count: 1 },
  ],
  findings_by_clause: [
    {
      clause: '9.1.1.1',
      label: 'Contenido no textual',
      level: 'error',
      count: 1,
      items: [
        {
          area: 'news',
          id: 1,
          key: 'pleno',
          title: 'Pleno de noviembre',
          public_url: null,
          findings: [
            { rule: 'image-alt-missing', level: 'error', element: 'Imagen n.º 4', message: 'escriba…' },
          ],
        },
      ],
    },
    {
      clause: '9.2.4.4',
      label: 'Propósito de los enlaces (en contexto)',
      level: 'error',
      count: 3,
      items: [
        {
          area: 'news',
          id: 1,
          key: 'pleno',
          title: 'Pleno de noviembre',
          public_url: null,
          findings: [
            { rule: 'link-generic-text', level: 'error', element: 'Enlace «aquí»', message: '…' },
            { rule: 'link-generic-text', level: 'error', element: 'Enlace «leer más»', message: '…' },
          ],
        },
        {
          area: 'event',
          id: 7,
          key: 'feria',
          title: 'Feria del libro',
          public_url: null,
          findings: [{ rule: 'link-no-text', level: 'error', element: 'Enlace a «/a»', message: '…' }],
        },
      ],
    },
    {
      clause: '9.1.3.1',
      label: 'Información y relaciones',
      level: 'warning',
      count: 1,
      items: [
        {
          area: 'page',
          id: 3,
          key: '3',
          title: 'Sede electrónica',
          public_url: null,
          findings: [{ rule: 'capitals', level: 'warning', element: 'Párrafo «AVISO…»', message: '…' }],
        },
      ],
    },
  ],
  overrides: [
    {
      area: 'news',
      id: 1,
      key: 'pleno',
      title: 'Pleno de noviembre',
      reason: 'Acta reproducida literalmente del BOP.',
      user_name: 'Paula Publicadora',
      created_at: '2026-11-20T09:00:00.000Z',
      errors: 3,
    },
    {
      area: 'page',
      id: 3,
      key: '3',
      title: 'Sede electrónica',
      reason: 'Texto urgente; se corrige esta semana.',
      user_name: null,
      created_at: '2026-03-02T09:00:00.000Z',
      errors: 0,
    },
  ],
  totals: { errors: 4, warnings: 1, items_with_errors: 2, items_with_warnings: 1 },
};

test('every clause the check uses has its name', () => {
  for (const { clause } of Object.values(ACCESSIBILITY_RULES)) {
    expect(ACCESSIBILITY_CLAUSE_TITLES[clause], clause).toBeTruthy();
  }
});

test('clauses sort by number, not as text', () => {
  expect(['9.2.4.4', '9.10.1.1', '9.1.3.1', '9.1.1.1'].sort(compareClauses)).toEqual([
    '9.1.1.1',
    '9.1.3.1',
    '9.2.4.4',
    '9.10.1.1',
  ]);
});

describe('the statement’s «Contenido no accesible»', () => {
  test('lists each clause with errors, what fails and where, the overrides still failing, and b) and c)', () => {
    expect(statementDraft(REPORT)).toBe(
      [
        'Contenido no accesible',
        '',
        'El contenido que se recoge a continuación no es accesible por lo siguiente:',
        '',
        'a) Falta de conformidad con el RD 1112/2018',
        '',
        '- Requisito 9.1.1.1 «Contenido no textual» de la norma UNE-EN 301 549: imagen sin texto alternativo (1). En noticia «Pleno de noviembre».',
        '- Requisito 9.2.4.4 «Propósito de los enlaces (en contexto)» de la norma UNE-EN 301 549: enlace con texto genérico (2) y enlace sin texto (1). En noticia «Pleno de noviembre» y evento «Feria del libro».',
        '',
        'Los contenidos siguientes se publicaron con errores de accesibilidad conocidos, por el motivo que se indica:',
        '- Noticia «Pleno de noviembre» (20/11/2026): Acta reproducida literalmente del BOP.',
        '',
        'b) Carga desproporcionada',
        '',
        'No se invoca.',
        '',
        'c) Contenido no incluido en el ámbito de la legislación aplicable',
        '',
        'Los documentos ofimáticos (PDF, documentos de texto, hojas de cálculo, presentaciones) publicados antes del 20 de septiembre de 2018 quedan fuera del ámbito de aplicación del RD 1112/2018 (artículo 3.4), salvo que sean necesarios para procesos administrativos activos.',
      ].join('\n'),
    );
  });

  test('names a clause’s first titles and counts the rest', () => {
    const items = Array.from({ length: DRAFT_TITLES_PER_CLAUSE + 3 }, (_, index) => ({
      area: 'page' as const,
      id: index + 1,
      key: String(index + 1),
      title: `Página ${index + 1}`,
      public_url: null,
      findings: [
        { rule: 'table-no-headers' as const, level: 'error' as const, element: 'Tabla', message: '…' },
      ],
    }));
    const draft = statementDraft({
      ...REPORT,
      overrides: [],
      findings_by_clause: [
        { clause: '9.1.3.1', label: 'Información y relaciones', level: 'error', count: items.length, items },
      ],
    });
    expect(draft).toContain(`página «Página ${DRAFT_TITLES_PER_CLAUSE}» y 3 contenidos más.`);
    expect(draft).not.toContain(`«Página ${DRAFT_TITLES_PER_CLAUSE + 1}»`);
    expect(draft).not.toContain('se publicaron con errores');
  });

  test('a linked document’s issues are known failures: listed, though they are warnings for publishing', () => {
    const draft = statementDraft({
      ...REPORT,
      overrides: [],
      findings_by_clause: [
        {
          clause: '10.1.3.1',
          label: 'Información y relaciones (documentos)',
          level: 'warning',
          count: 1,
          items: [
            {
              area: 'news',
              id: 9,
              key: 'plazas',
              title: 'Convocatoria de plazas',
              public_url: null,
              findings: [
                {
                  rule: 'document-untagged',
                  level: 'warning',
                  element: 'Enlace «bases (PDF)»',
                  message: '…',
                },
              ],
            },
          ],
        },
        REPORT.findings_by_clause[2]!,
      ],
    });
    expect(draft).toContain(
      '- Requisito 10.1.3.1 «Información y relaciones (documentos)» de la norma UNE-EN 301 549: documento PDF sin etiquetar (1). En noticia «Convocatoria de plazas».',
    );
    // A warning about the text (capitals) is still for a person to judge, not a failure to declare.
    expect(draft).not.toContain('9.1.3.1');
  });

  test('with no errors, says the review found none', () => {
    const draft = statementDraft({ ...REPORT, findings_by_clause: [], overrides: [] });
    expect(draft).toContain(
      'a) Falta de conformidad con el RD 1112/2018\n\nLa revisión automática de los textos publicados no ha encontrado incumplimientos de la norma UNE-EN 301 549.\n\nb)',
    );
  });
});

describe('the yearly monitoring report', () => {
  test('says the period, what was reviewed, the findings per clause, the overrides and the measures', () => {
    expect(monitoringReportDraft(REPORT)).toBe(
      [
        'Informe de revisión de la accesibilidad del año 2026',
        '',
        'Periodo: del 1 de enero al 31 de diciembre de 2026.',
        'Fecha de la revisión: 23/11/2026, 18:55.',
        'Método: revisión automática del texto de los contenidos publicados y de los documentos que enlazan con las reglas de la norma UNE-EN 301 549 (capítulos 9 y 10) que aplica el gestor de contenidos; no sustituye a una revisión manual.',
        '',
        '1. Contenido revisado',
        '',
        '- Noticias: 3 contenidos publicados.',
        '- Páginas: 1 contenido publicado.',
        '- Agenda: 1 contenido publicado.',
        'Total: 5 contenidos, 2 con errores y 1 con avisos.',
        '',
        '2. Resultados por requisito de la norma UNE-EN 301 549',
        '',
        '- 9.1.1.1 «Contenido no textual»: 1 error en 1 contenido.',
        '- 9.1.3.1 «Información y relaciones»: ningún error y 1 aviso en 1 contenido.',
        '- 9.2.4.4 «Propósito de los enlaces (en contexto)»: 3 errores en 2 contenidos.',
        'Total: 4 errores y 1 aviso.',
        '',
        '3. Contenidos publicados con errores por un motivo',
        '',
        '2 contenidos se publicaron con errores de accesibilidad indicando un motivo:',
        '- Noticia «Pleno de noviembre» (20/11/2026, Paula Publicadora; sigue con 3 errores): Acta reproducida literalmente del BOP.',
        '- Página «Sede electrónica» (02/03/2026; ya corregido): Texto urgente; se corrige esta semana.',
        '',
        '4. Medidas previstas',
        '',
        'Se corregirán los contenidos con errores de los requisitos siguientes: 9.1.1.1 «Contenido no textual» (1 contenido) y 9.2.4.4 «Propósito de los enlaces (en contexto)» (2 contenidos). Cada contenido corregido se vuelve a comprobar al guardarlo, y los contenidos nuevos no se publican con errores sin indicar el motivo.',
      ].join('\n'),
    );
  });

  test('an empty site says there is nothing to report', () => {
    const draft = monitoringReportDraft({
      ...REPORT,
      items_checked: 0,
      checked_by_area: [],
      findings_by_clause: [],
      overrides: [],
      totals: { errors: 0, warnings: 0, items_with_errors: 0, items_with_warnings: 0 },
    });
    expect(draft).toContain('No se ha encontrado ningún error ni aviso.');
    expect(draft).toContain('Ningún contenido publicado se publicó con errores indicando un motivo.');
    expect(draft).toContain('No hay errores abiertos.');
  });
});
