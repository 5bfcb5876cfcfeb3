// docs/accessibility.md: the check a rich text body passes before it is published (RD 1112/2018,
// which requires UNE-EN 301 549, i.e. WCAG 2.1 AA, of a public body's website). The same function
// runs on the server when a news item, page or event is published or scheduled (so content sent
// through the API is checked too) and in the editor as the person writes. Zod-free and DOM-free: it
// reads the serialized HTML the editor and the sanitizer write (double-quoted attributes, escaped
// text), so it needs no parser of the browser's or of Node's.

/** An error blocks publishing unless the publisher gives a reason; a warning never does. */
export type AccessibilityLevel = 'error' | 'warning';

export type AccessibilityRule =
  | 'image-alt-missing'
  | 'image-alt-meaningless'
  | 'link-no-text'
  | 'link-address-text'
  | 'link-generic-text'
  | 'heading-empty'
  | 'heading-skipped'
  | 'table-no-headers'
  | 'frame-no-title'
  | 'link-new-window'
  | 'bold-as-heading'
  | 'capitals'
  | 'document-untagged'
  | 'document-no-title'
  | 'document-no-language'
  | 'document-scanned';

/**
 * The kinds of element a finding is counted among, each as the CSS selector that finds them in a
 * document (the n-th match, in document order, is the finding's element): the editor's «Ir al
 * elemento» reads them from here. A heading is any of the six levels.
 */
export const FINDING_ELEMENTS = {
  img: 'img',
  a: 'a',
  heading: 'h1, h2, h3, h4, h5, h6',
  table: 'table',
  iframe: 'iframe',
  p: 'p',
} as const;
export type FindingElementKind = keyof typeof FINDING_ELEMENTS;

export interface AccessibilityFinding {
  rule: AccessibilityRule;
  level: AccessibilityLevel;
  /** Its clause of UNE-EN 301 549 (chapter 9 numbers WCAG's success criteria: 9.1.1.1 is 1.1.1). */
  clause: string;
  /** The element, as a person finds it in the text: «Enlace «pinche aquí»», «Imagen «plano.jpg»». */
  element: string;
  /** What to do, in plain Spanish. */
  message: string;
  /** Which element of its kind it is, in the text's order (the 2nd link is `{ tag: 'a', index: 1 }`). */
  at: { tag: FindingElementKind; index: number };
}

/** Each rule's level and clause, stated once (the accessibility screen groups findings by clause). */
export const ACCESSIBILITY_RULES: Record<
  AccessibilityRule,
  { level: AccessibilityLevel; clause: string; title: string }
> = {
  'image-alt-missing': { level: 'error', clause: '9.1.1.1', title: 'Imagen sin texto alternativo' },
  'image-alt-meaningless': {
    level: 'error',
    clause: '9.1.1.1',
    title: 'Texto alternativo que no describe la imagen',
  },
  'link-no-text': { level: 'error', clause: '9.2.4.4', title: 'Enlace sin texto' },
  'link-address-text': { level: 'error', clause: '9.2.4.4', title: 'Enlace cuyo texto es una dirección' },
  'link-generic-text': { level: 'error', clause: '9.2.4.4', title: 'Enlace con texto genérico' },
  'heading-empty': { level: 'error', clause: '9.2.4.6', title: 'Título vacío' },
  'heading-skipped': { level: 'error', clause: '9.1.3.1', title: 'Nivel de título saltado' },
  'table-no-headers': { level: 'error', clause: '9.1.3.1', title: 'Tabla sin celdas de encabezado' },
  'frame-no-title': { level: 'error', clause: '9.4.1.2', title: 'Marco incrustado sin título' },
  'link-new-window': {
    level: 'warning',
    clause: '9.3.2.2',
    title: 'Enlace que abre una ventana nueva sin avisar',
  },
  'bold-as-heading': { level: 'warning', clause: '9.1.3.1', title: 'Párrafo en negrita usado como título' },
  capitals: { level: 'warning', clause: '9.1.3.1', title: 'Texto en mayúsculas' },
  // A linked PDF or office document, as checked when it was uploaded: chapter 10 (non-web documents).
  'document-untagged': { level: 'warning', clause: '10.1.3.1', title: 'Documento PDF sin etiquetar' },
  'document-no-title': { level: 'warning', clause: '10.2.4.2', title: 'Documento sin título' },
  'document-no-language': { level: 'warning', clause: '10.3.1.1', title: 'Documento sin idioma' },
  'document-scanned': { level: 'warning', clause: '10.1.1.1', title: 'Documento escaneado sin texto' },
};

// ---------------------------------------------------------------------------------------------
// Documents (PDF and office files), checked once when they are uploaded

/** What a document of the library may lack, as found when it was uploaded. */
export type DocumentIssue = 'untagged' | 'no-title' | 'no-language' | 'scanned';

/** The day RD 1112/2018 starts counting: office documents published before it are exempt. */
export const DOCUMENTS_EXEMPT_BEFORE = '2018-09-20';

/** `document_check` of a media item: null for images, audio, video, text and items never checked. */
export interface DocumentAccessibility {
  /** The day the file's own properties say it was created (YYYY-MM-DD), or null when they do not. */
  created_on: string | null;
  /** Created before DOCUMENTS_EXEMPT_BEFORE: the law exempts it, its issues are not reported. */
  exempt: boolean;
  /** False when the file could not be read far enough to check it (encrypted or damaged). */
  readable: boolean;
  issues: DocumentIssue[];
}

/** Each issue: its rule (level and clause) and what to do about it, said of «el documento». */
export const DOCUMENT_ISSUES: Record<DocumentIssue, { rule: AccessibilityRule; says: string; fix: string }> =
  {
    untagged: {
      rule: 'document-untagged',
      says: 'no está etiquetado',
      fix: 'expórtelo de nuevo a PDF con la opción «Documento PDF etiquetado» (o «Etiquetas de estructura») activada',
    },
    'no-title': {
      rule: 'document-no-title',
      says: 'no tiene título en sus propiedades',
      fix: 'escriba su título en Archivo › Propiedades antes de guardarlo o exportarlo',
    },
    'no-language': {
      rule: 'document-no-language',
      says: 'no dice en qué idioma está',
      fix: 'elija el idioma del texto (Revisar › Idioma) antes de guardarlo o exportarlo',
    },
    scanned: {
      rule: 'document-scanned',
      says: 'es una imagen escaneada, sin texto',
      fix: 'publique el documento original, o pase el escaneo por un reconocimiento de texto (OCR)',
    },
  };

/** The issues a document's check reports: none when it is exempt. */
export const reportedDocumentIssues = (check: DocumentAccessibility | null): DocumentIssue[] =>
  check && !check.exempt ? check.issues : [];

/** A document a body links to, as the check of that body is told about it. */
export interface LinkedDocument {
  /** The name it was uploaded with («bases.pdf»). */
  name: string;
  check: DocumentAccessibility | null;
}

/** Options of checkAccessibility. */
export interface AccessibilityCheckOptions {
  /**
   * The library document an address names, when it is one, with what its upload's check found: a
   * link to it carries the document's issues as warnings. Without it, links are checked as text only.
   */
  documentOf?: (href: string) => LinkedDocument | null | undefined;
}

/** «(UNE-EN 301 549, 9.1.1.1)»: how a finding names its clause wherever it is written. */
export const clauseLabel = (clause: string) => `UNE-EN 301 549, ${clause}`;

/** One finding in one line: what a 422 lists under its field and the editor reads out. */
export const findingSentence = (finding: AccessibilityFinding) =>
  `${finding.element}: ${finding.message} (${clauseLabel(finding.clause)})`;

/** The publisher's reason for publishing with errors: at least this long (it goes to the statement). */
export const ACCESSIBILITY_REASON_MIN = 10;
export const ACCESSIBILITY_REASON_MAX = 1000;

// ---------------------------------------------------------------------------------------------
// Reading the markup

interface Element {
  tag: string;
  attributes: Record<string, string>;
  children: Node[];
}
type Node = Element | string;

const VOID_TAGS = new Set(['img', 'br', 'hr', 'input', 'meta', 'link', 'source', 'wbr', 'col', 'area']);

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });
}

const TOKEN =
  /<!--[\s\S]*?-->|<\/([a-zA-Z][\w-]*)\s*>|<([a-zA-Z][\w-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'>]+))?)*)\s*\/?>/g;
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g;

/**
 * Deeper than this, elements are read as their parent's content (a list nested 10 000 times is not
 * text anyone writes, and the check walks the tree recursively).
 */
const MAX_DEPTH = 200;

/** A tree of the serialized markup; an unclosed element ends where its parent does. */
function parse(html: string): Element {
  const root: Element = { tag: '#root', attributes: {}, children: [] };
  const open: Element[] = [root];
  const current = () => open[open.length - 1]!;
  let last = 0;
  for (const match of html.matchAll(TOKEN)) {
    if (match.index > last) current().children.push(decodeEntities(html.slice(last, match.index)));
    last = match.index + match[0].length;
    const [, closing, opening, attributeText] = match;
    if (closing) {
      const tag = closing.toLowerCase();
      const at = open.findLastIndex((element) => element.tag === tag);
      if (at > 0) open.length = at;
      continue;
    }
    if (!opening) continue; // a comment
    const attributes: Record<string, string> = {};
    for (const attribute of (attributeText ?? '').matchAll(ATTRIBUTE)) {
      attributes[attribute[1]!.toLowerCase()] = decodeEntities(
        attribute[2] ?? attribute[3] ?? attribute[4] ?? '',
      );
    }
    const element: Element = { tag: opening.toLowerCase(), attributes, children: [] };
    current().children.push(element);
    if (!VOID_TAGS.has(element.tag) && !match[0].endsWith('/>') && open.length < MAX_DEPTH)
      open.push(element);
  }
  if (last < html.length) current().children.push(decodeEntities(html.slice(last)));
  return root;
}

const isElement = (node: Node): node is Element => typeof node !== 'string';

const BLOCK_TAGS = new Set([
  'p',
  'li',
  'td',
  'th',
  'tr',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'div',
  'figcaption',
  'pre',
]);

/** Text as read aloud: an image inside counts by its alternative text; blocks are apart. */
function textOf(node: Node): string {
  if (!isElement(node)) return node;
  if (node.tag === 'img') return node.attributes.alt ?? '';
  if (node.tag === 'br') return ' ';
  const inner = node.children.map(textOf).join('');
  return BLOCK_TAGS.has(node.tag) ? ` ${inner} ` : inner;
}

const squeeze = (text: string) => text.replace(/\s+/g, ' ').trim();

/** «plano-de-acceso.jpg» from an image's address, for naming it. */
function fileNameOf(src: string | undefined): string {
  if (!src) return 'sin dirección';
  const path = src.split(/[?#]/)[0] ?? '';
  const name = path.slice(path.lastIndexOf('/') + 1);
  try {
    return decodeURIComponent(name) || src;
  } catch {
    return name || src;
  }
}

/** A quoted excerpt of a text, short enough for a list: «Plazos de solicitud…». */
function quoted(text: string, max = 60): string {
  const short = text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
  return `«${short}»`;
}

// ---------------------------------------------------------------------------------------------
// What the rules look for

/** Lower case, no accents, no punctuation at the ends: «Pinche AQUÍ.» reads «pinche aqui». */
const normalized = (text: string) =>
  squeeze(text)
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/^[^\p{L}\p{N}+]+|[^\p{L}\p{N}]+$/gu, '');

/**
 * Link texts that say nothing of where a link goes, in Spanish, Catalan, Basque and Galician, as
 * normalized() leaves them. A text made of one of these and nothing else is refused.
 */
const GENERIC_LINK_TEXTS = new Set(
  [
    // Spanish
    'aquí',
    'pinche aquí',
    'pincha aquí',
    'pinchar aquí',
    'pulse aquí',
    'pulsa aquí',
    'haga clic aquí',
    'haz clic aquí',
    'hacer clic aquí',
    'clic aquí',
    'click aquí',
    'haga click aquí',
    'haz click aquí',
    'clique aquí',
    'en este enlace',
    'este enlace',
    'enlace',
    'link',
    'leer más',
    'lee más',
    'seguir leyendo',
    'más',
    'ver más',
    'saber más',
    'más información',
    'más info',
    '+ info',
    '+info',
    'información',
    'descargar',
    'descarga',
    'descárgalo',
    'descárguelo',
    'ver',
    'ir',
    'acceder',
    'acceda',
    'accede',
    'pdf',
    'documento',
    // Catalan
    'aqui',
    'cliqueu aquí',
    'clica aquí',
    'feu clic aquí',
    'fes clic aquí',
    'premeu aquí',
    'prem aquí',
    'llegir més',
    'llegeix més',
    'més',
    'més informació',
    'veure més',
    'descarregar',
    'descarrega',
    'baixar',
    'enllaç',
    // Basque
    'hemen',
    'klik hemen',
    'egin klik hemen',
    'sakatu hemen',
    'irakurri gehiago',
    'gehiago irakurri',
    'gehiago',
    'informazio gehiago',
    'deskargatu',
    'deskarga',
    'esteka',
    // Galician
    'prema aquí',
    'preme aquí',
    'fai clic aquí',
    'faga clic aquí',
    'ler máis',
    'máis',
    'ver máis',
    'máis información',
    'descargar',
    'baixar',
    'ligazón',
  ].map(normalized),
);

const ADDRESS_TEXT =
  /^(?:(?:https?|ftp):\/\/|www\.)\S+$|^[\w.-]+\.(?:es|com|org|net|eu|gob\.es|cat|eus|gal)(?:\/\S*)?$/i;

/** Alternatives that say nothing of what an image shows. */
const MEANINGLESS_ALTS = new Set(
  [
    'imagen',
    'imágenes',
    'image',
    'img',
    'foto',
    'fotos',
    'fotografía',
    'photo',
    'picture',
    'gráfico',
    'icono',
    'logo',
    'banner',
    'imatge',
    'fotografia',
    'irudia',
    'argazkia',
    'imaxe',
    'sin título',
    'untitled',
    'alt',
    'descripción',
  ].map(normalized),
);
const FILE_NAME = /^[^\s/\\]+\.(?:jpe?g|png|gif|webp|avif|svg|bmp|tiff?|heic)$/i;
/** What a camera or a phone names a picture: IMG_1234, DSC01234, WhatsApp Image 2024-…, Captura de pantalla… */
const CAMERA_NAME =
  /^(?:img|dsc|dscn|dcim|pxl|p|mvimg)[-_ ]?\d{3,}|^whatsapp image|^captura de pantalla|^screenshot/i;

function meaninglessAlt(alt: string): boolean {
  const text = squeeze(alt);
  return (
    MEANINGLESS_ALTS.has(normalized(text)) ||
    FILE_NAME.test(text) ||
    CAMERA_NAME.test(text) ||
    ADDRESS_TEXT.test(text)
  );
}

/** Says the link opens elsewhere: «(se abre en una ventana nueva)», «nueva pestaña», «finestra nova». */
const SAYS_NEW_WINDOW =
  /(ventana|pestaña|finestra|pestanya|leiho|fiestra|lapela)\s+(nueva|nova|berri)|nueva\s+(ventana|pestaña)|nova\s+(finestra|pestanya|fiestra|lapela)|leiho\s+berri/i;

/** Letters in a text, and how many of them are capitals (accents count). */
function capitalsShare(text: string): { letters: number; capitals: number } {
  let letters = 0;
  let capitals = 0;
  for (const character of text) {
    if (/\p{L}/u.test(character)) {
      letters++;
      if (character !== character.toLowerCase() && character === character.toUpperCase()) capitals++;
    }
  }
  return { letters, capitals };
}

/** Letters written in capitals for a whole passage (an acronym or a short label is not one). */
const CAPITALS_MIN_LETTERS = 20;

// ---------------------------------------------------------------------------------------------

/**
 * What a rich text body would fail against, in the order it is read. `html` is a sanitized body
 * (the server's) or the editor's HTML; anything it does not recognise it leaves alone.
 */
export function checkAccessibility(
  html: string,
  { documentOf }: AccessibilityCheckOptions = {},
): AccessibilityFinding[] {
  const findings: AccessibilityFinding[] = [];
  const seen = new Map<string, number>();
  const counted = (tag: FindingElementKind) => {
    const index = seen.get(tag) ?? 0;
    seen.set(tag, index + 1);
    return { tag, index };
  };
  const add = (rule: AccessibilityRule, element: string, message: string, at: AccessibilityFinding['at']) => {
    const { level, clause } = ACCESSIBILITY_RULES[rule];
    findings.push({ rule, level, clause, element, message, at });
  };
  // The item's title is its page's first-level heading: a body's headings start at level 2.
  let previousHeading = 1;

  // `inCell`: a paragraph in a table cell is the cell's text (a bold one is a header cell's job).
  const visit = (node: Node, inCell = false) => {
    if (!isElement(node)) return;
    const visitChildren = (cell = inCell) => {
      for (const child of node.children) visit(child, cell);
    };
    const { tag, attributes } = node;

    if (tag === 'img') {
      const at = counted('img');
      const libraryId = attributes['data-media-id'];
      const name = libraryId
        ? `Imagen n.º ${libraryId} de la biblioteca`
        : `Imagen ${quoted(fileNameOf(attributes.src))}`;
      const alt = attributes.alt;
      const decorative = attributes['data-decorative'] === 'true';
      if (alt === undefined || (squeeze(alt) === '' && !decorative)) {
        add(
          'image-alt-missing',
          name,
          'escriba un texto alternativo que diga lo que la imagen muestra aquí, o márquela como decorativa si no aporta nada al texto.',
          at,
        );
      } else if (!decorative && meaninglessAlt(alt)) {
        add(
          'image-alt-meaningless',
          name,
          `el texto alternativo ${quoted(squeeze(alt))} no describe la imagen: diga lo que muestra (por ejemplo, «Plano de acceso al edificio»).`,
          at,
        );
      }
      return;
    }

    if (tag === 'a') {
      const at = counted('a');
      const text = squeeze(textOf(node));
      const name = text
        ? `Enlace ${quoted(text)}`
        : `Enlace a ${quoted(attributes.href ?? 'ninguna dirección')}`;
      if (!text) {
        add(
          'link-no-text',
          name,
          'el enlace no tiene texto: escriba adónde lleva, o dé texto alternativo a la imagen que lo forma.',
          at,
        );
      } else if (
        ADDRESS_TEXT.test(text) ||
        (attributes.href !== undefined && text === attributes.href.trim())
      ) {
        add(
          'link-address-text',
          name,
          'el texto del enlace es una dirección: escriba en su lugar adónde lleva (por ejemplo, «Bases de la convocatoria (PDF)»).',
          at,
        );
      } else if (GENERIC_LINK_TEXTS.has(normalized(text))) {
        add(
          'link-generic-text',
          name,
          `${quoted(text)} no dice adónde lleva el enlace: escriba el destino (por ejemplo, «Bases de la convocatoria»).`,
          at,
        );
      }
      if (
        attributes.target === '_blank' &&
        !SAYS_NEW_WINDOW.test(text) &&
        !SAYS_NEW_WINDOW.test(attributes.title ?? '')
      ) {
        add(
          'link-new-window',
          name,
          'se abre en una ventana nueva sin decirlo: añada «(se abre en una ventana nueva)» a su texto, o que se abra en la misma.',
          at,
        );
      }
      const document = attributes.href ? documentOf?.(attributes.href.trim()) : null;
      for (const issue of reportedDocumentIssues(document?.check ?? null)) {
        const { rule, says, fix } = DOCUMENT_ISSUES[issue];
        add(rule, name, `el documento ${quoted(document!.name)} ${says}: ${fix}.`, at);
      }
      visitChildren();
      return;
    }

    const heading = /^h([1-6])$/.exec(tag);
    if (heading) {
      const level = Number(heading[1]);
      const at = counted('heading');
      const text = squeeze(textOf(node));
      if (!text) {
        add(
          'heading-empty',
          `Título de nivel ${level} vacío`,
          'escriba el título o quítelo: un título vacío se anuncia a quien usa un lector de pantalla.',
          at,
        );
      } else if (level > previousHeading + 1) {
        add(
          'heading-skipped',
          `Título ${quoted(text)}`,
          `es de nivel ${level} tras uno de nivel ${previousHeading}: use el nivel ${previousHeading + 1}, sin saltarse niveles.`,
          at,
        );
      }
      if (text) previousHeading = level;
      visitChildren();
      return;
    }

    if (tag === 'table') {
      const at = counted('table');
      const cells: Element[] = [];
      const collect = (inner: Node) => {
        if (!isElement(inner)) return;
        if (inner.tag === 'th' || inner.tag === 'td') cells.push(inner);
        for (const child of inner.children) collect(child);
      };
      for (const child of node.children) collect(child);
      if (!cells.some((cell) => cell.tag === 'th')) {
        const first = squeeze(textOf(node)).slice(0, 40);
        add(
          'table-no-headers',
          first ? `Tabla que empieza por ${quoted(first, 40)}` : `Tabla ${at.index + 1}`,
          'no tiene celdas de encabezado: marque como encabezado la primera fila (o columna) que nombra los datos.',
          at,
        );
      }
      visitChildren();
      return;
    }

    if (tag === 'iframe') {
      const at = counted('iframe');
      if (!squeeze(attributes.title ?? '')) {
        add(
          'frame-no-title',
          `Contenido incrustado de ${quoted(attributes.src ?? 'origen desconocido')}`,
          'no tiene título: dé al marco un título que diga qué contiene (por ejemplo, «Mapa de la sede»).',
          at,
        );
      }
      return;
    }

    if (tag === 'td' || tag === 'th') {
      visitChildren(true);
      return;
    }

    if (tag === 'p') {
      const at = counted('p');
      const text = squeeze(textOf(node));
      const meaningful = node.children.filter((child) =>
        isElement(child) ? child.tag !== 'br' : squeeze(child) !== '',
      );
      const onlyChild = meaningful.length === 1 ? meaningful[0] : undefined;
      if (
        !inCell &&
        onlyChild &&
        isElement(onlyChild) &&
        (onlyChild.tag === 'strong' || onlyChild.tag === 'b') &&
        text.length > 0 &&
        text.length <= 120 &&
        !/[.:;,]$/.test(text)
      ) {
        add(
          'bold-as-heading',
          `Párrafo ${quoted(text)}`,
          'parece un título escrito en negrita: si lo es, conviértalo en título (nivel 2, 3 o 4) para que se anuncie como tal.',
          at,
        );
      }
      const { letters, capitals } = capitalsShare(text);
      if (letters >= CAPITALS_MIN_LETTERS && capitals / letters > 0.9) {
        add(
          'capitals',
          `Párrafo ${quoted(text)}`,
          'está escrito en mayúsculas: escríbalo en minúsculas y, si quiere destacarlo, use negrita; las mayúsculas se leen peor y algunos lectores de pantalla las deletrean.',
          at,
        );
      }
      visitChildren();
      return;
    }

    visitChildren();
  };

  for (const node of parse(html).children) visit(node);
  return findings;
}

/** The findings that block publishing. */
export const accessibilityErrors = (findings: readonly AccessibilityFinding[]) =>
  findings.filter((finding) => finding.level === 'error');

const attributeText = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** How a finding names a record's cover (a news item's, an event's), on the server and in the form. */
export const COVER_ELEMENT = 'Imagen de portada';

/**
 * docs/accessibility.md: the text alternative an image reference gives in its use (a cover, a
 * slide's image), checked by the same rules as a body's images: the one written for this use, else
 * the library's; nothing when it is decorative here. `emptyIsDecorative`: no alternative at all reads
 * as decorative (a slide's image, which the pickers have always said so of) instead of an error.
 * Null when it passes; else the finding and the field to fix: the use's own alternative
 * (`<reference>_alt`), or the reference itself when the fault is the library's alternative.
 */
export function referenceImageFinding(
  image: { id: number; alt: string | null; ownAlt: string | null; decorative: boolean },
  { element, emptyIsDecorative = false }: { element?: string; emptyIsDecorative?: boolean },
): { finding: AccessibilityFinding; fromLibrary: boolean } | null {
  if (image.decorative) return null;
  const own = image.ownAlt?.trim() ? image.ownAlt : null;
  const alt = own ?? (image.alt?.trim() ? image.alt : null);
  if (alt === null && emptyIsDecorative) return null;
  const [finding] = accessibilityErrors(
    checkAccessibility(
      alt === null
        ? `<img data-media-id="${image.id}">`
        : `<img data-media-id="${image.id}" alt="${attributeText(alt)}">`,
    ),
  );
  return finding
    ? { finding: element ? { ...finding, element } : finding, fromLibrary: own === null && alt !== null }
    : null;
}

/**
 * docs/accessibility.md: what a shown slide says through references rather than a body — its image's
 * text alternative (written for the slide, or the library's) and its button's text — checked by the
 * same rules, each error by the field to fix. An image with no alternative anywhere is shown as
 * decorative (the pickers say so), so only an alternative that says nothing (a file name, «imagen»)
 * is an error here. Null values are not checked (no image, no button).
 */
export function slideAccessibilityErrors({
  image,
  linkLabel,
}: {
  image: { id: number; alt: string | null; ownAlt: string | null; decorative: boolean } | null;
  linkLabel: string | null;
}): { image?: string; image_alt?: string; link_label?: string } {
  const errors: { image?: string; image_alt?: string; link_label?: string } = {};
  const found = image && referenceImageFinding(image, { emptyIsDecorative: true });
  if (found?.fromLibrary) {
    errors.image = `${findingSentence(found.finding)}. Cámbielo en Multimedia o escriba uno para esta diapositiva.`;
  } else if (found) {
    errors.image_alt = findingSentence(found.finding);
  }
  if (linkLabel !== null) {
    const [finding] = accessibilityErrors(
      checkAccessibility(`<a href="https://example.org/">${attributeText(linkLabel)}</a>`),
    );
    if (finding)
      errors.link_label = findingSentence({ ...finding, element: `Botón ${quoted(linkLabel.trim())}` });
  }
  return errors;
}
