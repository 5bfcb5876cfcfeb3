import { checkAccessibility, type DocumentAccessibility, type MediaRecord } from '@gestor/shared';
import { describe, expect, it } from 'vitest';
import { documentLookup, linkedMediaNames, nameBatches } from './linked-documents';

const BASE = 'https://gestor.example/storage/media';
const BASES = 'a'.repeat(32);
const PLANO = 'b'.repeat(32);
const UNTAGGED: DocumentAccessibility = {
  created_on: '2024-05-02',
  exempt: false,
  readable: true,
  issues: ['untagged', 'no-title'],
};

const item = (changes: Partial<MediaRecord>): MediaRecord => ({
  id: 1,
  file: `${BASES}.pdf`,
  original_name: 'bases.pdf',
  mime_type: 'application/pdf',
  kind: 'document',
  size: 1000,
  width: null,
  height: null,
  alt: null,
  title: null,
  checksum: '0'.repeat(64),
  url: `${BASE}/${BASES}.pdf`,
  variants: { thumbnail: null, medium: null },
  uploaded_by: null,
  usage_count: 0,
  type_notice: null,
  document_check: UNTAGGED,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...changes,
});

describe('the library files a body links to', () => {
  it('reads the stored names at the end of its links’ addresses, each once', () => {
    const html =
      `<p>Las <a href="${BASE}/${BASES}.pdf">bases</a>, el <a href=" ${BASE}/${PLANO}.docx?descarga=1&amp;v=2 ">plano</a>` +
      ` y otra vez las <a href="${BASE}/${BASES}.pdf#page=2">bases</a>.</p>` +
      '<p><a href="https://sede.example.es/bases.pdf">Sede</a> <img src="/storage/media/' +
      `${'c'.repeat(32)}.png" alt="Plano"></p>`;
    expect(linkedMediaNames(html)).toEqual([`${BASES}.pdf`, `${PLANO}.docx`]);
    expect(linkedMediaNames('<p>Sin enlaces.</p>')).toEqual([]);
    expect(linkedMediaNames('')).toEqual([]);
  });

  it('asks about at most as many names at once as the filter takes, sorted', () => {
    const names = Array.from({ length: 51 }, (_, index) => `${index.toString(16).padStart(32, '0')}.pdf`);
    const batches = nameBatches([...names].reverse());
    expect(batches.map((batch) => batch.length)).toEqual([50, 1]);
    expect(batches[0]).toEqual([...batches[0]!].sort());
    expect(nameBatches([])).toEqual([]);
  });
});

describe('a link to a document of the library', () => {
  const documentOf = documentLookup([item({})]);

  it('is the document only at its very address', () => {
    expect(documentOf(`${BASE}/${BASES}.pdf`)).toEqual({ name: 'bases.pdf', check: UNTAGGED });
    // The same name under another address, or with a query, is not the library's file.
    expect(documentOf(`https://otra.example/storage/media/${BASES}.pdf`)).toBeNull();
    expect(documentOf(`${BASE}/${BASES}.pdf?v=2`)).toBeNull();
    expect(documentOf(`${BASE}/${PLANO}.pdf`)).toBeNull();
    expect(documentOf('https://sede.example.es/bases.pdf')).toBeNull();
  });

  it('carries the document’s issues as warnings, as the server’s check does', () => {
    const html = `<p>Consulte las <a href="${BASE}/${BASES}.pdf">bases de la convocatoria</a>.</p>`;
    const findings = checkAccessibility(html, { documentOf });
    expect(findings.map(({ rule, level, clause }) => [rule, level, clause])).toEqual([
      ['document-untagged', 'warning', '10.1.3.1'],
      ['document-no-title', 'warning', '10.2.4.2'],
    ]);
    expect(findings[0]?.message).toMatch(/^el documento «bases\.pdf» no está etiquetado: expórtelo/);
    // An exempt document, or one never checked, reports nothing.
    const exempt = documentLookup([item({ document_check: { ...UNTAGGED, exempt: true } })]);
    expect(checkAccessibility(html, { documentOf: exempt })).toEqual([]);
    const unchecked = documentLookup([item({ document_check: null })]);
    expect(checkAccessibility(html, { documentOf: unchecked })).toEqual([]);
  });
});
