import type { DocumentAccessibility, MediaRecord } from '@gestor/shared';
import { describe, expect, it } from 'vitest';
import { documentCheckReport } from './document-check-report';

const PDF = 'application/pdf';
const WORD = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const SHEET = 'application/vnd.oasis.opendocument.spreadsheet';

const media = (
  mime_type: string,
  document_check: DocumentAccessibility | null,
  kind: MediaRecord['kind'] = 'document',
) => ({ kind, mime_type, document_check });
const check = (changes: Partial<DocumentAccessibility>): DocumentAccessibility => ({
  created_on: '2024-05-02',
  exempt: false,
  readable: true,
  issues: [],
  ...changes,
});
const may = { mayReplace: true };

describe('the side panel’s report of a document’s check', () => {
  it('has nothing to say of what the upload does not check', () => {
    expect(documentCheckReport(media('image/png', null, 'image'), may)).toBeNull();
    expect(documentCheckReport(media('text/plain', null), may)).toBeNull();
    expect(documentCheckReport(media('text/csv', null), may)).toBeNull();
  });

  it('says a document uploaded before the check was never checked, and how to check it', () => {
    const report = documentCheckReport(media(PDF, null), may);
    expect(report).toMatchObject({ tone: 'info', outcome: 'Sin comprobar', lines: [] });
    expect(report?.explanation).toContain('se subió antes de que Gestor comprobara');
    expect(report?.explanation).toContain('reemplácelo por el mismo archivo con «Reemplazar archivo»');
    // Someone who may not replace it is not told to press a button she does not have.
    expect(documentCheckReport(media(PDF, null), { mayReplace: false })?.explanation).toContain(
      'Quien pueda modificar la biblioteca puede comprobarlo',
    );
  });

  it('asks for a review by hand of a file it could not read', () => {
    const report = documentCheckReport(media(PDF, check({ readable: false, created_on: null })), may);
    expect(report).toMatchObject({ tone: 'warning', outcome: 'No se ha podido comprobar' });
    expect(report?.explanation).toBe(
      'No se ha podido leer el documento para comprobarlo: puede estar protegido con contraseña o dañado. Ábralo y revise a mano que esté etiquetado, que tenga título y que diga en qué idioma está.',
    );
  });

  it('says what a document passed, by its type', () => {
    expect(documentCheckReport(media(PDF, check({})), may)).toMatchObject({
      tone: 'success',
      outcome: 'Sin problemas',
      explanation:
        'No se ha encontrado ningún problema: el documento está etiquetado, tiene título en sus propiedades y dice en qué idioma está.',
    });
    expect(documentCheckReport(media(WORD, check({})), may)?.explanation).toBe(
      'No se ha encontrado ningún problema: el documento tiene título en sus propiedades y dice en qué idioma está.',
    );
    expect(documentCheckReport(media(SHEET, check({})), may)?.explanation).toBe(
      'No se ha encontrado ningún problema: el documento tiene título en sus propiedades.',
    );
  });

  it('lists each issue: its level in words, what is wrong, what to do, the clause', () => {
    const report = documentCheckReport(media(PDF, check({ issues: ['untagged', 'scanned'] })), may);
    expect(report).toMatchObject({ tone: 'warning', outcome: '2 avisos' });
    expect(report?.explanation).toContain('muestran estos avisos');
    expect(report?.lines).toEqual([
      {
        issue: 'untagged',
        tone: 'warning',
        level: 'Aviso',
        says: 'El documento no está etiquetado.',
        fix: 'Expórtelo de nuevo a PDF con la opción «Documento PDF etiquetado» (o «Etiquetas de estructura») activada.',
        clause: 'UNE-EN 301 549, 10.1.3.1',
      },
      {
        issue: 'scanned',
        tone: 'warning',
        level: 'Aviso',
        says: 'El documento es una imagen escaneada, sin texto.',
        fix: 'Publique el documento original, o pase el escaneo por un reconocimiento de texto (OCR).',
        clause: 'UNE-EN 301 549, 10.1.1.1',
      },
    ]);
    expect(documentCheckReport(media(WORD, check({ issues: ['no-title'] })), may)?.outcome).toBe('1 aviso');
  });

  it('says an exempt document is exempt, and still lists what it lacks as information', () => {
    const report = documentCheckReport(
      media(WORD, check({ created_on: '2017-03-01', exempt: true, issues: ['no-language'] })),
      may,
    );
    expect(report).toMatchObject({ tone: 'info', outcome: 'Exento' });
    expect(report?.explanation).toBe(
      'Según sus propiedades, el documento se creó el 01/03/2017, antes del 20/09/2018: el Real Decreto 1112/2018 lo exime de los requisitos de accesibilidad. Aun así, esto es lo que le falta, solo como información:',
    );
    expect(report?.lines).toMatchObject([
      { issue: 'no-language', tone: 'info', level: 'Información', clause: 'UNE-EN 301 549, 10.3.1.1' },
    ]);
    const clean = documentCheckReport(media(PDF, check({ created_on: '2015-01-10', exempt: true })), may);
    expect(clean?.explanation).toMatch(/exime de los requisitos de accesibilidad\. Además, está etiquetado/);
    expect(clean?.lines).toEqual([]);
  });
});
