import { type DefaultTreeAdapterTypes, defaultTreeAdapter, html as parse5Html, parseFragment } from 'parse5';
import sanitizeHtml from 'sanitize-html';

// docs/areas.md#rules-shared-by-the-content-areas: news and page bodies keep one allowlist, enforced on every write whatever the
// client sends (the SPA's editor produces less than this, but an API client may send anything).
// Everything outside it is removed and never stored. sanitize-html parses with htmlparser2 and writes
// its own markup back (attributes double-quoted, text escaped), so what comes out is only what the
// rules below let through. htmlparser2 reads tags as written, not as a browser builds its tree, so
// that markup is then read again by an HTML5 parser (parse5) and written from the tree it builds
// (decision 040): a stored body is what the website's browser will read, and running it again
// changes nothing.

export const RICH_TEXT_TAGS = [
  'p',
  'h2',
  'h3',
  'h4',
  'strong',
  'em',
  'u',
  's',
  'a',
  'ul',
  'ol',
  'li',
  'blockquote',
  'code',
  'pre',
  'hr',
  'br',
  'img',
  'figure',
  'figcaption',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
] as const;

/** The only attributes kept, by tag; their values are checked in `transformTags` below. */
export const RICH_TEXT_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'target', 'rel'],
  img: ['src', 'alt', 'width', 'height', 'data-media-id', 'data-decorative'],
  th: ['colspan', 'rowspan'],
  td: ['colspan', 'rowspan'],
};

const LINK_SCHEMES = new Set(['http', 'https', 'mailto', 'tel']);
export const BLANK_TARGET_REL = 'noopener noreferrer';

/**
 * Tags whose text goes with them: code and styles (script, style), what a browser would not show
 * as text (noscript, template, title, head…), and foreign content (svg, math), whose text is
 * drawing instructions rather than prose.
 */
const DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'textarea',
  'option',
  'select',
  'xmp',
  'noscript',
  'noembed',
  'noframes',
  'iframe',
  'frameset',
  'object',
  'template',
  'title',
  'head',
  'svg',
  'math',
];

// C0 controls (tab, newline included) and DEL. Browsers drop tab and newline inside URLs, so
// `java&#x09;script:` would run; no real address carries any of them, so they refuse the URL.
const hasControlCharacter = (text: string) =>
  [...text].some((character) => character.charCodeAt(0) < 0x20 || character.charCodeAt(0) === 0x7f);
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/**
 * An `a[href]` as it will be stored, or null when refused: http(s), mailto and tel, or a relative
 * address ("/noticias", "#contacto", "anexo.pdf"). Protocol-relative addresses ("//evil.com",
 * "/\evil.com", which browsers read alike) name another host and are refused.
 */
export function allowedHref(value: string): string | null {
  const href = value.trim();
  if (!href || hasControlCharacter(href)) return null;
  const scheme = SCHEME.exec(href);
  if (scheme) return LINK_SCHEMES.has(scheme[1]!.toLowerCase()) ? href : null;
  if (/^[\\/]{2}/.test(href)) return null;
  return href;
}

/**
 * An image from outside the media library, as it will be stored: any parseable https address, or
 * null. Library images are the multimedia module's to judge (`RichTextOptions.image`).
 */
export function externalImageSrc(value: string | undefined): string | null {
  const src = value?.trim() ?? '';
  if (!src || hasControlCharacter(src) || !/^https:\/\/[^/\\]/i.test(src)) return null;
  try {
    // A parseable absolute address, so no stray backslash or space trick reads another way.
    return new URL(src).protocol === 'https:' ? src : null;
  } catch {
    return null;
  }
}

/** Digits only, within a sensible range, without leading zeros: `width="640"`, `colspan="2"`. */
export function positiveInteger(value: string | undefined, max: number): string | null {
  const text = value?.trim() ?? '';
  if (!/^[1-9]\d{0,5}$/.test(text)) return null;
  return Number(text) <= max ? text : null;
}

export type Attributes = Record<string, string>;
const tag = (tagName: string, attribs: Attributes = {}) => ({ tagName, attribs });

export function withDefined(entries: Array<[string, string | null]>): Attributes {
  const attribs: Attributes = {};
  for (const [name, value] of entries) if (value !== null) attribs[name] = value;
  return attribs;
}

// Google Docs wraps a whole paste in `<b style="font-weight:normal">`: that one is not bold.
const NOT_BOLD = /font-weight\s*:\s*(normal|[1-4]00)\b/i;

function options({ image }: RichTextOptions): sanitizeHtml.IOptions {
  const cell = (name: 'th' | 'td') => (_: string, attribs: Attributes) =>
    tag(
      name,
      withDefined([
        ['colspan', positiveInteger(attribs.colspan, 1000)],
        ['rowspan', positiveInteger(attribs.rowspan, 65534)],
      ]),
    );
  return {
    allowedTags: [...RICH_TEXT_TAGS],
    allowedAttributes: Object.fromEntries(
      Object.entries(RICH_TEXT_ATTRIBUTES).map(([name, list]) => [name, [...list]]),
    ),
    // Second line of defence behind allowedHref and the image rule: sanitize-html's own scheme check.
    allowedSchemes: [...LINK_SCHEMES],
    allowedSchemesByTag: { img: ['http', 'https'] },
    allowedSchemesAppliedToAttributes: ['href', 'src'],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    nonTextTags: DROPPED_WITH_CONTENT,
    selfClosing: ['img', 'br', 'hr'],
    parser: { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
    transformTags: {
      a: (_, attribs) => {
        const href = allowedHref(attribs.href ?? '');
        // A link to somewhere refused keeps its words, without the link: an `a` with no href, which
        // exclusiveFilter unwraps. Renaming it to a tag outside the allowlist would not do: sanitize-html
        // (2.17) forgets to clear a discarded renamed tag's name, and the next element closing at
        // that depth was written as `</that-name>`, leaving a list or table open (issue 29).
        if (href === null) return tag('a');
        const blank = attribs.target?.trim().toLowerCase() === '_blank';
        return tag('a', blank ? { href, target: '_blank', rel: BLANK_TARGET_REL } : { href });
      },
      // An image the rule refuses is dropped (exclusiveFilter: no attributes left).
      img: (_, attribs) => tag('img', image(attribs) ?? {}),
      th: cell('th'),
      td: cell('td'),
      // What editors and word processors send for the same meaning.
      // `b` itself is outside the allowlist, so kept by its name it is dropped with its text kept.
      b: (_, attribs) => (NOT_BOLD.test(attribs.style ?? '') ? tag('b') : tag('strong')),
      i: () => tag('em'),
      strike: () => tag('s'),
      del: () => tag('s'),
      ins: () => tag('u'),
      h1: () => tag('h2'),
      h5: () => tag('h4'),
      h6: () => tag('h4'),
    },
    exclusiveFilter: (frame) => {
      if (frame.tag === 'a' && !frame.attribs.href) return 'excludeTag';
      return frame.tag === 'img' && !frame.attribs.src && !frame.attribs['data-media-id'];
    },
  };
}

export interface RichTextOptions {
  /**
   * How one image is stored, from the attributes it arrived with: the attributes to keep (from
   * RICH_TEXT_ATTRIBUTES.img), or null to drop it. The multimedia module decides (library images are
   * kept by id, `externalImageSrc` for the rest).
   */
  image(attribs: Attributes): Attributes | null;
}

type Node = DefaultTreeAdapterTypes.ChildNode;
type Element = DefaultTreeAdapterTypes.Element;

const VOID = new Set(['img', 'br', 'hr']);
const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (value: string) => escapeText(value).replace(/"/g, '&quot;');

/**
 * One node as sanitize-html writes it (`<br />`, double-quoted attributes, `"` left as is in text), so
 * well-formed bodies stored before decision 040 read the same and library images keep the form
 * media-links.ts reads.
 */
function serialize(node: Node): string {
  if (defaultTreeAdapter.isTextNode(node)) return escapeText(node.value);
  // Comments cannot reach here (sanitize-html drops them and escapes every `<` of text); nothing else
  // is worth keeping.
  if (!defaultTreeAdapter.isElementNode(node)) return '';
  const element = node as Element;
  const attributes = element.attrs.map(({ name, value }) => ` ${name}="${escapeAttribute(value)}"`).join('');
  if (VOID.has(element.tagName)) return `<${element.tagName}${attributes} />`;
  let inner = element.childNodes.map(serialize).join('');
  // HTML drops the newline right after <pre>: one that is content is written after another.
  const first = element.childNodes[0];
  if (
    element.tagName === 'pre' &&
    first &&
    defaultTreeAdapter.isTextNode(first) &&
    first.value.startsWith('\n')
  )
    inner = `\n${inner}`;
  return `<${element.tagName}${attributes}>${inner}</${element.tagName}>`;
}

const readOnce = (html: string) => {
  const context = defaultTreeAdapter.createElement('div', parse5Html.NS.HTML, []);
  return parseFragment(context, html, {}).childNodes.map(serialize).join('');
};

// Reading, writing and reading again is not always the same tree: a heading foster-parented out of a
// table into another heading is written as <h2><h2>, which the next read splits. A couple more rounds
// settle what the fuzz test finds; the bound only guards against a case nobody has seen.
const MAX_READS = 6;

/**
 * `html` as a browser builds it inside an article's element (a <div>, in body: rows get their
 * <tbody>, a stray </p> is an empty paragraph, a <p> written inside a table goes before it), written
 * back from that tree until reading it again gives the same tree.
 */
export function asBrowserReadsIt(html: string): string {
  let current = readOnce(html);
  for (let round = 1; round < MAX_READS; round++) {
    const again = readOnce(current);
    if (again === current) break;
    current = again;
  }
  return current;
}

/** The allowlisted form of a rich text body, to store; sanitizing its result again changes nothing. */
export function sanitizeRichText(html: string, rules: RichTextOptions): string {
  return asBrowserReadsIt(sanitizeHtml(html, options(rules)));
}
