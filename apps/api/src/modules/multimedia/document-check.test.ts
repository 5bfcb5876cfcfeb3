import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { docx, odt, type PdfOptions, pdf, zip } from '../../../test/support/documents';
import { checkDocument } from './document-check';
import { sniffFile } from './file-sniff';

// docs/accessibility.md#documentos: what an uploaded PDF or office document lacks, read from its bytes.

let dir: string;
let counter = 0;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'gestor-document-check-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Sniffs the bytes as an upload is, then checks them as that type. */
async function check(bytes: Buffer) {
  const path = join(dir, `document-${counter++}`);
  await writeFile(path, bytes);
  const type = await sniffFile(path);
  expect(type, 'the fixture is a file the library accepts').not.toBeNull();
  return checkDocument(path, type!.mime);
}

const ACCESSIBLE: PdfOptions = { title: 'Bases de la convocatoria', lang: 'es-ES', tagged: true };

describe('PDF', () => {
  test('a tagged PDF with a title and a language has nothing to report', async () => {
    expect(await check(pdf(ACCESSIBLE))).toEqual({
      created_on: null,
      exempt: false,
      readable: true,
      issues: [],
    });
  });

  test('what a plain export leaves out is each an issue', async () => {
    expect((await check(pdf({})))?.issues).toEqual(['untagged', 'no-title', 'no-language']);
    expect((await check(pdf({ ...ACCESSIBLE, tagged: false })))?.issues).toEqual(['untagged']);
    expect((await check(pdf({ ...ACCESSIBLE, lang: '' })))?.issues).toEqual(['no-language']);
    expect((await check(pdf({ ...ACCESSIBLE, title: '  ' })))?.issues).toEqual(['no-title']);
  });

  test('a title that is a file name or a program’s default is no title', async () => {
    for (const title of ['Microsoft Word - bases.docx', 'bases_convocatoria.pdf', 'Documento1']) {
      expect((await check(pdf({ ...ACCESSIBLE, title })))?.issues, title).toEqual(['no-title']);
    }
  });

  test('the title may be UTF-16 in hexadecimal, or only in the XMP metadata', async () => {
    expect(
      (await check(pdf({ ...ACCESSIBLE, title: 'Información pública', hexTitle: true })))?.issues,
    ).toEqual([]);
    expect(
      (await check(pdf({ ...ACCESSIBLE, title: undefined, xmpTitle: 'Presupuestos 2026' })))?.issues,
    ).toEqual([]);
  });

  test('a catalog inside a compressed object stream is read as well (PDF 1.5 and later)', async () => {
    expect((await check(pdf({ ...ACCESSIBLE, compressed: true })))?.issues).toEqual([]);
    expect((await check(pdf({ compressed: true })))?.issues).toEqual(['untagged', 'no-title', 'no-language']);
  });

  test('a page that is only a scanned image, with no text, is a scan', async () => {
    expect((await check(pdf({ ...ACCESSIBLE, scanned: true })))?.issues).toEqual(['scanned']);
  });

  test('a document created before 20 September 2018 is exempt, with what it lacks still recorded', async () => {
    const old = await check(pdf({ created: "D:20180919235900+02'00'" }));
    expect(old).toMatchObject({
      created_on: '2018-09-19',
      exempt: true,
      issues: ['untagged', 'no-title', 'no-language'],
    });
    expect(await check(pdf({ ...ACCESSIBLE, created: 'D:20180920' }))).toMatchObject({
      created_on: '2018-09-20',
      exempt: false,
    });
  });

  test('a large PDF is read by its ends, and passed over for what says scan', async () => {
    const padding = 3 * 1024 * 1024;
    expect((await check(pdf({ ...ACCESSIBLE, padding })))?.issues).toEqual([]);
    expect((await check(pdf({ padding, compressed: true })))?.issues).toEqual([
      'untagged',
      'no-title',
      'no-language',
    ]);
    // Images and no font anywhere in the bytes: a scan, however large.
    expect((await check(pdf({ ...ACCESSIBLE, padding, scanned: true })))?.issues).toEqual(['scanned']);
    // Fonts could be inside compressed object streams, out of sight: not judged a scan then.
    expect((await check(pdf({ ...ACCESSIBLE, padding, scanned: true, compressed: true })))?.issues).toEqual(
      [],
    );
  });

  test('a file it cannot read far enough is said to be unreadable, not passed', async () => {
    const broken = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\n', 'latin1');
    const path = join(dir, 'broken.pdf');
    await writeFile(path, broken);
    expect(await checkDocument(path, 'application/pdf')).toEqual({
      created_on: null,
      exempt: false,
      readable: false,
      issues: [],
    });
  });
});

describe('office documents', () => {
  test('a Word document with a title and a language has nothing to report', async () => {
    expect(
      await check(docx({ title: 'Memoria anual', language: 'es-ES', created: '2024-02-01T09:00:00Z' })),
    ).toEqual({
      created_on: '2024-02-01',
      exempt: false,
      readable: true,
      issues: [],
    });
  });

  test('a Word document without a title or a language says so; one from 2017 is exempt', async () => {
    expect((await check(docx({})))?.issues).toEqual(['no-title', 'no-language']);
    expect(await check(docx({ created: '2017-05-04T08:00:00Z' }))).toMatchObject({ exempt: true });
  });

  test('an OpenDocument text is read from its meta.xml and its default style', async () => {
    expect((await check(odt({ title: 'Acta del pleno', language: 'es-ES' })))?.issues).toEqual([]);
    expect((await check(odt({ title: 'Acta del pleno' })))?.issues).toEqual(['no-language']);
    expect(await check(odt({ created: '2016-01-01T00:00:00' }))).toMatchObject({
      created_on: '2016-01-01',
      exempt: true,
      issues: ['no-title', 'no-language'],
    });
  });

  test('a part that would inflate past the limit is not read (a ZIP bomb)', async () => {
    const bomb = zip(
      [
        [
          '[Content_Types].xml',
          '<Types><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
        ],
        ['word/document.xml', '<w:document/>'],
        [
          'docProps/core.xml',
          `<cp:coreProperties><dc:title>${'x'.repeat(20 * 1024 * 1024)}</dc:title></cp:coreProperties>`,
        ],
      ],
      { deflate: true },
    );
    expect((await check(bomb))?.issues).toContain('no-title');
  });
});

test('images, text and other files are not documents to check', async () => {
  const path = join(dir, 'nota.txt');
  await writeFile(path, 'Una nota');
  expect(await checkDocument(path, 'text/plain')).toBeNull();
});
