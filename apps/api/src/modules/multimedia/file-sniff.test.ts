import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { zip } from '../../../test/support/documents';
import { sniffFile } from './file-sniff';

// docs/areas.md#multimedia: the type comes from the bytes. Every fixture is built here, so the test
// shows exactly which bytes make (or fail to make) each type.

let dir: string;
let counter = 0;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'gestor-sniff-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Writes the bytes under a name that says nothing of their type, and sniffs them. */
async function sniffBytes(bytes: Buffer | string, name = `file-${counter++}.bin`) {
  const path = join(dir, name);
  await writeFile(path, bytes);
  return sniffFile(path);
}

const mimeOf = async (bytes: Buffer | string, name?: string) => (await sniffBytes(bytes, name))?.mime ?? null;

const image = () => sharp({ create: { width: 8, height: 6, channels: 3, background: '#3366cc' } });

/** [Content_Types].xml as Office writes it (ECMA-376 part 2): the main part's type is declared there. */
const contentTypes = (part: string, type: string) =>
  '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  `<Override PartName="/${part}" ContentType="application/vnd.${type}.main+xml"/></Types>`;
const WORD = 'openxmlformats-officedocument.wordprocessingml.document';
const ooxml = (part: string, type: string) =>
  zip([
    ['[Content_Types].xml', contentTypes(part, type)],
    ['_rels/.rels', '<Relationships/>'],
    [part, '<document/>'],
  ]);
const openDocument = (mime: string) =>
  zip([
    ['mimetype', mime],
    ['content.xml', '<office:document-content/>'],
    ['META-INF/manifest.xml', '<manifest:manifest/>'],
  ]);

/** An ISO base media file: an ftyp box with the brands given, then an empty mdat box. */
function ftyp(major: string, compatible: string[]): Buffer {
  const box = Buffer.alloc(16 + 4 * compatible.length);
  box.writeUInt32BE(box.length, 0);
  box.write('ftyp', 4, 'latin1');
  box.write(major, 8, 'latin1');
  compatible.forEach((brand, i) => {
    box.write(brand, 16 + 4 * i, 'latin1');
  });
  return Buffer.concat([box, Buffer.from([0, 0, 0, 8]), Buffer.from('mdat')]);
}

/** An EBML header with the given DocType, then the start of a Segment. */
function ebml(docType: string): Buffer {
  const element = (id: number[], data: Buffer) =>
    Buffer.concat([Buffer.from(id), Buffer.from([0x80 | data.length]), data]);
  const body = Buffer.concat([
    element([0x42, 0x86], Buffer.from([1])), // EBMLVersion
    element([0x42, 0xf7], Buffer.from([1])), // EBMLReadVersion
    element([0x42, 0xf2], Buffer.from([4])), // EBMLMaxIDLength
    element([0x42, 0xf3], Buffer.from([8])), // EBMLMaxSizeLength
    element([0x42, 0x82], Buffer.from(docType)), // DocType
    element([0x42, 0x87], Buffer.from([4])), // DocTypeVersion
  ]);
  return Buffer.concat([
    Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80 | body.length]),
    body,
    Buffer.from([0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]),
  ]);
}

/** MPEG-1 layer III frames at 128 kbit/s, 44.1 kHz: 417 bytes each, header FF FB 90 64. */
function mp3Frames(count: number): Buffer {
  const frame = Buffer.alloc(417);
  frame.set([0xff, 0xfb, 0x90, 0x64]);
  return Buffer.concat(Array.from({ length: count }, () => frame));
}

function id3Tag(): Buffer {
  const frameBody = Buffer.from('\x03Canción', 'utf8');
  const frame = Buffer.alloc(10);
  frame.write('TIT2', 0, 'latin1');
  frame.writeUInt32BE(frameBody.length, 4); // ID3v2.3 frame sizes are plain integers
  const tagBody = Buffer.concat([frame, frameBody]);
  const header = Buffer.from([0x49, 0x44, 0x33, 3, 0, 0, 0, 0, 0, tagBody.length]); // syncsafe size < 128
  return Buffer.concat([header, tagBody]);
}

describe('accepted types, one by one', () => {
  test('JPEG, PNG, WebP, GIF and AVIF made by sharp', async () => {
    expect(await sniffBytes(await image().jpeg().toBuffer())).toEqual({
      mime: 'image/jpeg',
      kind: 'image',
      extension: 'jpg',
    });
    expect(await mimeOf(await image().png().toBuffer())).toBe('image/png');
    expect(await mimeOf(await image().webp().toBuffer())).toBe('image/webp');
    expect(await mimeOf(await image().webp({ lossless: true }).toBuffer())).toBe('image/webp');
    expect(await mimeOf(await image().gif().toBuffer())).toBe('image/gif');
    expect(await sniffBytes(await image().avif().toBuffer())).toEqual({
      mime: 'image/avif',
      kind: 'image',
      extension: 'avif',
    });
  });

  test('GIF87a is a GIF as well as GIF89a', async () => {
    const gif = await image().gif().toBuffer();
    expect(await mimeOf(Buffer.concat([Buffer.from('GIF87a'), gif.subarray(6)]))).toBe('image/gif');
  });

  test('AVIF by its major brand or a compatible one', async () => {
    expect(await mimeOf(ftyp('avif', ['mif1', 'miaf']))).toBe('image/avif');
    expect(await mimeOf(ftyp('mif1', ['avif', 'miaf']))).toBe('image/avif');
    expect(await mimeOf(ftyp('avis', ['avis', 'msf1']))).toBe('image/avif');
  });

  test('a minimal PDF', async () => {
    const pdf = '%PDF-1.4\n1 0 obj <</Type /Catalog>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n';
    expect(await sniffBytes(pdf)).toEqual({ mime: 'application/pdf', kind: 'document', extension: 'pdf' });
  });

  test('docx, xlsx and pptx by their main part', async () => {
    expect(await sniffBytes(ooxml('word/document.xml', WORD))).toEqual({
      mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      kind: 'document',
      extension: 'docx',
    });
    const sheet = 'openxmlformats-officedocument.spreadsheetml.sheet';
    expect((await sniffBytes(ooxml('xl/workbook.xml', sheet)))?.extension).toBe('xlsx');
    const slides = 'openxmlformats-officedocument.presentationml.presentation';
    expect((await sniffBytes(ooxml('ppt/presentation.xml', slides)))?.extension).toBe('pptx');
  });

  test('odt, ods and odp by their mimetype entry', async () => {
    expect(await sniffBytes(openDocument('application/vnd.oasis.opendocument.text'))).toEqual({
      mime: 'application/vnd.oasis.opendocument.text',
      kind: 'document',
      extension: 'odt',
    });
    expect(
      (await sniffBytes(openDocument('application/vnd.oasis.opendocument.spreadsheet')))?.extension,
    ).toBe('ods');
    expect(
      (await sniffBytes(openDocument('application/vnd.oasis.opendocument.presentation')))?.extension,
    ).toBe('odp');
  });

  test('a large package, its main part after a large entry', async () => {
    const archive = zip([
      [
        '[Content_Types].xml',
        contentTypes('ppt/presentation.xml', 'openxmlformats-officedocument.presentationml.presentation'),
      ],
      ['ppt/media/video.bin', Buffer.alloc(3 * 1024 * 1024, 0x41)],
      ['ppt/presentation.xml', '<p:presentation/>'],
    ]);
    expect((await sniffBytes(archive))?.extension).toBe('pptx');
  });

  test('a ZIP comment does not hide the central directory', async () => {
    const archive = ooxml('word/document.xml', WORD);
    const comment = Buffer.from('Creado por Gestor');
    archive.writeUInt16LE(comment.length, archive.length - 2);
    expect(await mimeOf(Buffer.concat([archive, comment]))).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
  });

  test('a ZIP64 end record (a package over 4 GiB or 65 535 entries) leads to the central directory', async () => {
    /** The archive with its end record saturated and the real offsets in a ZIP64 record and locator. */
    const zip64 = (archive: Buffer, directoryOffset: bigint) => {
      const body = archive.subarray(0, archive.length - 22);
      const record = Buffer.alloc(56);
      record.writeUInt32LE(0x06064b50, 0);
      record.writeBigUInt64LE(44n, 4); // size of the rest of the record
      record.writeBigUInt64LE(directoryOffset, 48);
      const locator = Buffer.alloc(20);
      locator.writeUInt32LE(0x07064b50, 0);
      locator.writeBigUInt64LE(BigInt(body.length), 8);
      const end = Buffer.alloc(22, 0xff);
      end.writeUInt32LE(0x06054b50, 0);
      end.writeUInt32LE(0, 4);
      end.writeUInt16LE(0, 20);
      return Buffer.concat([body, record, locator, end]);
    };
    const archive = ooxml('word/document.xml', WORD);
    const directoryOffset = BigInt(archive.readUInt32LE(archive.length - 6));
    expect((await sniffBytes(zip64(archive, directoryOffset)))?.extension).toBe('docx');
    expect(await mimeOf(zip64(archive, directoryOffset + 1n))).toBeNull();
    expect(await mimeOf(zip64(archive, 2n ** 62n))).toBeNull();
  });

  test('MP4 by its brands', async () => {
    expect(await sniffBytes(ftyp('isom', ['isom', 'iso2', 'avc1', 'mp41']))).toEqual({
      mime: 'video/mp4',
      kind: 'video',
      extension: 'mp4',
    });
    for (const brand of ['mp42', 'iso5', 'dash', 'M4V '])
      expect(await mimeOf(ftyp(brand, ['isom']))).toBe('video/mp4');
  });

  test('WebM by its EBML DocType', async () => {
    expect(await sniffBytes(ebml('webm'))).toEqual({ mime: 'video/webm', kind: 'video', extension: 'webm' });
  });

  test('MP3 with an ID3 tag, and as bare layer III frames', async () => {
    const expected = { mime: 'audio/mpeg', kind: 'audio', extension: 'mp3' };
    expect(await sniffBytes(Buffer.concat([id3Tag(), mp3Frames(3)]))).toEqual(expected);
    expect(await sniffBytes(mp3Frames(3))).toEqual(expected);
    // MPEG-2 layer III, 64 kbit/s at 22.05 kHz (FF F3): 208-byte frames.
    const mpeg2 = Buffer.alloc(208);
    mpeg2.set([0xff, 0xf3, 0x80, 0xc4]);
    expect(await mimeOf(Buffer.concat([mpeg2, mpeg2, mpeg2]))).toBe('audio/mpeg');
  });

  test('plain text, in Spanish, with or without BOM', async () => {
    expect(await sniffBytes('año, acción')).toEqual({
      mime: 'text/plain',
      kind: 'document',
      extension: 'txt',
    });
    expect(await mimeOf('Acta de la reunión\n\nSe aprobó el presupuesto.\tFin.\r\n\f')).toBe('text/plain');
    expect(
      await mimeOf(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('Canción de otoño\n')])),
    ).toBe('text/plain');
  });

  test('CSV with commas, with semicolons and with quoted fields', async () => {
    expect(await sniffBytes('nombre,año,ciudad\nAna,1990,León\nLuis,1985,Cádiz\n')).toEqual({
      mime: 'text/csv',
      kind: 'document',
      extension: 'csv',
    });
    expect(await mimeOf('nombre;importe\r\nAna;12,50\r\nLuis;7,00\r\n')).toBe('text/csv');
    expect(await mimeOf('nombre,nota\n"Pérez, Ana","dijo ""sí""\ny se fue"\nLuis,bien\n')).toBe('text/csv');
  });

  test('lines with different numbers of fields, or a single line, are plain text', async () => {
    expect(await mimeOf('Hola, qué tal\nBien, gracias, ¿y tú?\n')).toBe('text/plain');
    expect(await mimeOf('uno,dos,tres\n')).toBe('text/plain');
    expect(await mimeOf('sin separadores\nen ninguna línea\n')).toBe('text/plain');
  });

  test('text that opens like a binary signature is still text', async () => {
    expect(await mimeOf('MAC del equipo;planta\n00:1a:2b:3c:4d:5e;2\n')).toBe('text/csv'); // "MAC " is Monkey's Audio
    expect(await mimeOf('ID3;ID4\n1;2\n')).toBe('text/csv'); // "ID3" opens an MP3 tag
    expect(await mimeOf('BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n')).toBe('text/plain');
  });

  test('a large text file: only the first 64 KiB are read, and a character cut there is fine', async () => {
    const lines = 'ñandú,acción,camión\n'.repeat(4000); // 2-byte characters, about 96 KiB
    /** The text with a first line padded so that the 64 KiB boundary falls inside a character. */
    const cutAtBoundary = (firstLine: (pad: string) => string) => {
      for (let n = 1; ; n++) {
        const bytes = Buffer.from(firstLine('x'.repeat(n)) + lines);
        if (((bytes[64 * 1024] ?? 0) & 0xc0) === 0x80) return bytes;
      }
    };
    expect(await mimeOf(cutAtBoundary((pad) => `${pad},b,c\n`))).toBe('text/csv');
    expect(await mimeOf(cutAtBoundary((pad) => `Título ${pad}\n`))).toBe('text/plain');
  });

  test('a multibyte character cut at the end of a whole (small) file is not UTF-8', async () => {
    expect(await mimeOf(Buffer.concat([Buffer.from('acci'), Buffer.from([0xc3])]))).toBeNull();
  });
});

describe('refused', () => {
  test('markup: SVG, HTML, XML, even after blank lines or a BOM', async () => {
    expect(
      await mimeOf('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    ).toBeNull();
    expect(await mimeOf('<!DOCTYPE html><html><body>Hola</body></html>')).toBeNull();
    expect(await mimeOf('<?xml version="1.0"?><nota>hola</nota>')).toBeNull();
    expect(await mimeOf('\n\n   \t<html>')).toBeNull();
    expect(await mimeOf(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('<svg/>')]))).toBeNull();
  });

  test('executables: a Windows .exe (MZ) and an ELF binary', async () => {
    const exe = Buffer.alloc(512);
    exe.write('MZ', 0, 'latin1');
    exe.writeUInt32LE(0x80, 0x3c);
    exe.write('PE\0\0', 0x80, 'latin1');
    expect(await mimeOf(exe, 'programa.exe')).toBeNull();
    const elf = Buffer.alloc(64);
    elf.set([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]);
    expect(await mimeOf(elf)).toBeNull();
  });

  test('a ZIP that is neither Office Open XML nor OpenDocument', async () => {
    expect(await mimeOf(zip([['hola.txt', 'hola']]))).toBeNull();
    expect(await mimeOf(zip([['word/document.xml', '<w/>']]))).toBeNull(); // no [Content_Types].xml
    expect(await mimeOf(openDocument('application/vnd.oasis.opendocument.graphics'))).toBeNull();
    expect(await mimeOf(zip([['mimetype', 'application/epub+zip']]))).toBeNull();
    // Macro-enabled Word (docm) has word/ and [Content_Types].xml too: its main part's type tells it apart.
    expect(await mimeOf(ooxml('word/document.xml', 'ms-word.document.macroEnabled'))).toBeNull();
  });

  test('a ZIP whose central directory is missing or broken', async () => {
    const archive = ooxml('word/document.xml', WORD);
    expect(await mimeOf(archive.subarray(0, archive.length - 22))).toBeNull();
    const broken = Buffer.from(archive);
    broken.writeUInt32LE(archive.length * 2, archive.length - 6); // directory offset past the end
    expect(await mimeOf(broken)).toBeNull();
  });

  test('HEIC, M4A audio and QuickTime, although ISO base media files', async () => {
    expect(await mimeOf(ftyp('heic', ['mif1', 'heic']))).toBeNull();
    expect(await mimeOf(ftyp('mif1', ['mif1', 'heic']))).toBeNull();
    expect(await mimeOf(ftyp('M4A ', ['M4A ', 'mp42', 'isom']))).toBeNull();
    expect(await mimeOf(ftyp('qt  ', ['qt  ']))).toBeNull();
  });

  test('Matroska that is not WebM', async () => {
    expect(await mimeOf(ebml('matroska'))).toBeNull();
  });

  test('the name never matters: a PNG called .pdf is a PNG, a text called .jpg is text', async () => {
    expect(await mimeOf(await image().png().toBuffer(), 'informe.pdf')).toBe('image/png');
    expect(await mimeOf('solo texto', 'foto.jpg')).toBe('text/plain');
  });

  test('empty and truncated files', async () => {
    expect(await mimeOf('')).toBeNull();
    expect(await mimeOf(Buffer.from([0xef, 0xbb, 0xbf]))).toBeNull();
    expect(await mimeOf(Buffer.from([0x89, 0x50, 0x4e]))).toBeNull(); // a PNG signature cut short
    expect(await mimeOf(Buffer.from('RIFF\0\0\0\0WEBP'))).toBeNull();
    expect(await mimeOf(ftyp('isom', []).subarray(0, 12))).toBeNull();
    expect(await mimeOf(Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42]))).toBeNull();
  });

  test('text with a NUL or another control character', async () => {
    expect(await mimeOf('hola\0mundo')).toBeNull();
    expect(await mimeOf('color \x1b[31mrojo\n')).toBeNull();
  });

  test('random binary, even when it starts like an MPEG frame', async () => {
    const noise = Buffer.alloc(4096);
    let seed = 42;
    for (let i = 0; i < noise.length; i++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      noise[i] = seed >> 16;
    }
    expect(await mimeOf(noise)).toBeNull();
    expect(await mimeOf(Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), noise]))).toBeNull();
    expect(await mimeOf(Buffer.concat([Buffer.from([0xff, 0xf1, 0x50, 0x80]), noise]))).toBeNull(); // AAC ADTS
  });

  test('a RIFF that is not WebP (WAV, AVI)', async () => {
    expect(await mimeOf(Buffer.concat([Buffer.from('RIFF\x24\0\0\0WAVEfmt '), Buffer.alloc(32)]))).toBeNull();
  });
});
