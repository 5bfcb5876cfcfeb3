import { crc32, deflateRawSync, deflateSync } from 'node:zlib';

// Documents built byte by byte for the tests (file types, the accessibility check of uploads): each
// fixture shows exactly what makes a file tagged, titled or scanned.

/** A ZIP archive with its entries in the given order: stored, or deflated with `deflate`. */
export function zip(
  entries: Array<[name: string, content: string | Buffer]>,
  { deflate = false } = {},
): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of entries) {
    const plain = Buffer.from(content);
    const data = deflate ? deflateRawSync(plain) : plain;
    const method = deflate ? 8 : 0;
    const nameBytes = Buffer.from(name, 'utf8');
    const crc = crc32(plain);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(plain.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(plain.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const WORD_TYPES =
  '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';

/** What an office document's properties say, as docx() and odt() write them. */
export interface OfficeProperties {
  title?: string;
  /** When it was created, e.g. 2017-03-01T10:00:00Z */
  created?: string;
  /** The default language of its styles, e.g. es-ES. */
  language?: string;
}

/** A Word document (.docx) with the properties given, deflated as Word writes it. */
export function docx({ title, created, language }: OfficeProperties): Buffer {
  const core =
    '<?xml version="1.0" encoding="UTF-8"?><cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
    (title === undefined ? '' : `<dc:title>${title}</dc:title>`) +
    '<dc:creator>Ana</dc:creator>' +
    (created ? `<dcterms:created xsi:type="dcterms:W3CDTF">${created}</dcterms:created>` : '') +
    '</cp:coreProperties>';
  const styles =
    '<?xml version="1.0" encoding="UTF-8"?><w:styles xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:docDefaults><w:rPrDefault><w:rPr>' +
    (language ? `<w:lang w:val="${language}" w:eastAsia="en-US" w:bidi="ar-SA"/>` : '') +
    '</w:rPr></w:rPrDefault></w:docDefaults></w:styles>';
  return zip(
    [
      ['[Content_Types].xml', WORD_TYPES],
      ['_rels/.rels', '<Relationships/>'],
      [
        'word/document.xml',
        '<w:document><w:body><w:p><w:r><w:t>Hola</w:t></w:r></w:p></w:body></w:document>',
      ],
      ['word/styles.xml', styles],
      ['docProps/core.xml', core],
    ],
    { deflate: true },
  );
}

/** An OpenDocument text (.odt) with the metadata and default language given. */
export function odt({ title, created, language }: OfficeProperties): Buffer {
  const meta =
    '<?xml version="1.0" encoding="UTF-8"?><office:document-meta xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:meta="urn:oasis:names:tc:opendocument:xmlns:meta:1.0" xmlns:dc="http://purl.org/dc/elements/1.1/"><office:meta>' +
    (title === undefined ? '' : `<dc:title>${title}</dc:title>`) +
    (created ? `<meta:creation-date>${created}</meta:creation-date>` : '') +
    '</office:meta></office:document-meta>';
  const styles =
    '<?xml version="1.0" encoding="UTF-8"?><office:document-styles><office:styles><style:default-style style:family="paragraph"><style:text-properties' +
    (language
      ? ` fo:language="${language.split('-')[0]}" fo:country="${language.split('-')[1] ?? ''}"`
      : '') +
    '/></style:default-style></office:styles></office:document-styles>';
  return zip(
    [
      ['mimetype', 'application/vnd.oasis.opendocument.text'],
      ['content.xml', '<office:document-content/>'],
      ['meta.xml', meta],
      ['styles.xml', styles],
      ['META-INF/manifest.xml', '<manifest:manifest/>'],
    ],
    { deflate: true },
  );
}

export interface PdfOptions {
  /** The information dictionary's /Title, as a literal string; `hex: true` writes it UTF-16BE in hex. */
  title?: string;
  hexTitle?: boolean;
  /** dc:title in the XMP metadata stream instead. */
  xmpTitle?: string;
  /** The catalog's /Lang. */
  lang?: string;
  /** A structure tree and /MarkInfo << /Marked true >>. */
  tagged?: boolean;
  /** /CreationDate, e.g. D:20170301120000+01'00'. */
  created?: string;
  /** The page shows text in a font (default), or only a scanned image. */
  scanned?: boolean;
  /** The catalog and the information dictionary inside a compressed object stream (PDF 1.5). */
  compressed?: boolean;
  /** Bytes of an embedded file's stream between the page and the catalog (a large document). */
  padding?: number;
}

const pdfLiteral = (text: string) => `(${text.replace(/([\\()])/g, '\\$1')})`;
const utf16Hex = (text: string) => {
  const bytes = [0xfe, 0xff];
  for (const char of text) {
    const code = char.charCodeAt(0);
    bytes.push(code >> 8, code & 0xff);
  }
  return `<${Buffer.from(bytes).toString('hex').toUpperCase()}>`;
};

/** A one-page PDF with a valid cross-reference table (or stream), as the options describe. */
export function pdf(options: PdfOptions = {}): Buffer {
  const objects: Array<{ number: number; body: Buffer | string; compressible?: boolean }> = [];
  let next = 1;
  const add = (body: Buffer | string, compressible = false) => {
    const number = next++;
    objects.push({ number, body, compressible });
    return number;
  };
  const catalogNumber = next++;
  const pagesNumber = add('<< /Type /Pages /Kids [3 0 R] /Count 1 >>');
  const content = options.scanned
    ? 'q 600 0 0 800 0 0 cm /Im1 Do Q'
    : 'BT /F1 12 Tf 72 720 Td (Bases de la convocatoria) Tj ET';
  const contentStream = deflateSync(Buffer.from(content));
  const pageNumber = next++;
  const contentNumber = add(
    Buffer.concat([
      Buffer.from(`<< /Length ${contentStream.length} /Filter /FlateDecode >>\nstream\n`, 'latin1'),
      contentStream,
      Buffer.from('\nendstream', 'latin1'),
    ]),
  );
  let resources: string;
  if (options.scanned) {
    const pixels = deflateSync(Buffer.alloc(4 * 4 * 3, 200));
    const imageNumber = add(
      Buffer.concat([
        Buffer.from(
          `<< /Type /XObject /Subtype /Image /Width 4 /Height 4 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /FlateDecode /Length ${pixels.length} >>\nstream\n`,
          'latin1',
        ),
        pixels,
        Buffer.from('\nendstream', 'latin1'),
      ]),
    );
    resources = `<< /XObject << /Im1 ${imageNumber} 0 R >> >>`;
  } else {
    const fontNumber = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>', true);
    resources = `<< /Font << /F1 ${fontNumber} 0 R >> >>`;
  }
  objects.push({
    number: pageNumber,
    body: `<< /Type /Page /Parent ${pagesNumber} 0 R /MediaBox [0 0 612 792] /Resources ${resources} /Contents ${contentNumber} 0 R${options.tagged ? ' /StructParents 0' : ''} >>`,
  });
  if (options.padding) {
    const bytes = Buffer.alloc(options.padding, 'GESTOR ');
    add(
      Buffer.concat([
        Buffer.from(`<< /Type /EmbeddedFile /Length ${bytes.length} >>\nstream\n`, 'latin1'),
        bytes,
        Buffer.from('\nendstream', 'latin1'),
      ]),
    );
  }
  let structure = '';
  if (options.tagged) {
    const treeNumber = add(`<< /Type /StructTreeRoot /K [] >>`, true);
    structure = ` /StructTreeRoot ${treeNumber} 0 R /MarkInfo << /Marked true >>`;
  }
  let metadata = '';
  if (options.xmpTitle !== undefined) {
    const xmp = `<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title><rdf:Alt><rdf:li xml:lang="x-default">${options.xmpTitle}</rdf:li></rdf:Alt></dc:title></rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>`;
    const metadataNumber = add(
      `<< /Type /Metadata /Subtype /XML /Length ${xmp.length} >>\nstream\n${xmp}\nendstream`,
    );
    metadata = ` /Metadata ${metadataNumber} 0 R`;
  }
  objects.push({
    number: catalogNumber,
    body: `<< /Type /Catalog /Pages ${pagesNumber} 0 R${structure}${metadata}${options.lang === undefined ? '' : ` /Lang ${pdfLiteral(options.lang)}`} >>`,
    compressible: true,
  });
  const info: string[] = ['/Producer (Gestor pruebas)'];
  if (options.title !== undefined)
    info.push(`/Title ${options.hexTitle ? utf16Hex(options.title) : pdfLiteral(options.title)}`);
  if (options.created) info.push(`/CreationDate (${options.created})`);
  const infoNumber = add(`<< ${info.join(' ')} >>`, true);

  const header = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1');
  const parts: Buffer[] = [header];
  let length = header.length;
  const offsets = new Map<number, number>();
  const write = (chunk: Buffer | string) => {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk, 'latin1') : chunk;
    parts.push(buffer);
    length += buffer.length;
  };
  const plain = options.compressed ? objects.filter((object) => !object.compressible) : objects;
  for (const object of plain.sort((a, b) => a.number - b.number)) {
    offsets.set(object.number, length);
    write(`${object.number} 0 obj\n`);
    write(object.body);
    write('\nendobj\n');
  }
  if (!options.compressed) {
    const xref = length;
    const total = next;
    write(`xref\n0 ${total}\n0000000000 65535 f \n`);
    for (let number = 1; number < total; number++) {
      write(`${String(offsets.get(number) ?? 0).padStart(10, '0')} 00000 n \n`);
    }
    write(
      `trailer\n<< /Size ${total} /Root ${catalogNumber} 0 R /Info ${infoNumber} 0 R >>\nstartxref\n${xref}\n%%EOF\n`,
    );
    return Buffer.concat(parts);
  }
  // PDF 1.5: the compressible objects in one object stream, indexed by a cross-reference stream.
  const packed = objects.filter((object) => object.compressible).sort((a, b) => a.number - b.number);
  let index = '';
  let bodies = '';
  for (const object of packed) {
    index += `${object.number} ${bodies.length} `;
    bodies += `${object.body}\n`;
  }
  const streamNumber = next++;
  const xrefNumber = next++;
  const packedData = deflateSync(Buffer.from(index + bodies, 'latin1'));
  offsets.set(streamNumber, length);
  write(
    `${streamNumber} 0 obj\n<< /Type /ObjStm /N ${packed.length} /First ${index.length} /Filter /FlateDecode /Length ${packedData.length} >>\nstream\n`,
  );
  write(packedData);
  write('\nendstream\nendobj\n');
  const xrefOffset = length;
  const rows: Buffer[] = [];
  const row = (type: number, a: number, b: number) => {
    const buffer = Buffer.alloc(7);
    buffer.writeUInt8(type, 0);
    buffer.writeUInt32BE(a, 1);
    buffer.writeUInt16BE(b, 5);
    rows.push(buffer);
  };
  row(0, 0, 0xffff);
  for (let number = 1; number < next; number++) {
    const inStream = packed.findIndex((object) => object.number === number);
    if (inStream >= 0) row(2, streamNumber, inStream);
    else if (number === xrefNumber) row(1, xrefOffset, 0);
    else row(1, offsets.get(number) ?? 0, 0);
  }
  const xrefData = deflateSync(Buffer.concat(rows));
  write(
    `${xrefNumber} 0 obj\n<< /Type /XRef /Size ${next} /W [1 4 2] /Root ${catalogNumber} 0 R /Info ${infoNumber} 0 R /Filter /FlateDecode /Length ${xrefData.length} >>\nstream\n`,
  );
  write(xrefData);
  write(`\nendstream\nendobj\nstartxref\n${xrefOffset}\n%%EOF\n`);
  return Buffer.concat(parts);
}
