// Paste from Word and Google Docs (docs/areas.md#rules-shared-by-the-content-areas): what they put on the clipboard is a whole
// document of classes, inline styles, spans, Office tags (<o:p>) and conditional comments. Before the
// editor reads it, this keeps the meaning (bold, italic, underline, strike, lists, links, tables) and
// drops the rest. It runs on the HTML string, so it is testable without a browser; the editor's own
// parser and then the server's allowlist come after it, so it only has to be helpful, not safe.

/** Elements dropped with everything inside them. */
const DROPPED_WITH_CONTENT =
  /<(style|script|head|title|xml|template|noscript|iframe|object|svg|math)\b[\s\S]*?<\/\1\s*>/gi;
const COMMENT = /<!--[\s\S]*?-->/g;
const PROCESSING_INSTRUCTION = /<\?[\s\S]*?>/g;
/** Word's "downlevel-revealed" conditionals, `<![if !vml]>…<![endif]>`: markup for old readers. */
const DOWNLEVEL_REVEALED = /<!\[if[^\]]*\]>[\s\S]*?<!\[endif\]>/gi;
const STRAY_CONDITIONAL = /<!\[(?:if[^\]]*|endif)\]>/gi;
const OFFICE_PARAGRAPH_MARK = /<o:p\b[^>]*>[\s\S]*?<\/o:p\s*>/gi;

/** One HTML tag: `</name>` or `<name attr="v" attr='v' attr=v attr>` (self-closing or not). */
const TAG =
  /<(\/?)([a-z][a-z0-9:-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*(\/?)>/gi;
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

/** Attributes worth keeping for the editor: where links and images go, and table spans. */
const KEPT_ATTRIBUTES: Record<string, readonly string[]> = {
  a: ['href', 'target'],
  img: ['src', 'alt', 'width', 'height'],
  td: ['colspan', 'rowspan'],
  th: ['colspan', 'rowspan'],
};
/** Wrappers whose only meaning is their style: replaced by what the style means, or removed. */
const STYLE_WRAPPERS = new Set(['span', 'font']);
const UNWRAPPED = new Set(['html', 'body', 'center']);
const VOID = new Set(['br', 'hr', 'img', 'meta', 'link', 'input', 'col', 'wbr', 'base']);
const DROPPED_VOID = new Set(['meta', 'link', 'input', 'base', 'col', 'wbr']);

function parseAttributes(source: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const match of source.matchAll(ATTRIBUTE)) {
    const name = match[1]!.toLowerCase();
    if (!attributes.has(name)) attributes.set(name, match[2] ?? match[3] ?? match[4] ?? '');
  }
  return attributes;
}

/** `font-weight: 700; mso-bidi-font-weight: bold` → declarations by exact property name. */
function parseStyle(style: string): Map<string, string> {
  const declarations = new Map<string, string>();
  for (const declaration of style.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    declarations.set(
      declaration.slice(0, colon).trim().toLowerCase(),
      declaration
        .slice(colon + 1)
        .trim()
        .toLowerCase(),
    );
  }
  return declarations;
}

const isBold = (weight: string | undefined) =>
  weight !== undefined && (/^(bold|bolder)\b/.test(weight) || /^[6-9]00\b/.test(weight));
const isNotBold = (weight: string | undefined) =>
  weight !== undefined && (/^(normal|lighter)\b/.test(weight) || /^[1-4]00\b/.test(weight));

/** The semantic tags a styled span stands for, outermost first. */
function meaningOfStyle(style: string, insideLink: boolean): string[] {
  const declarations = parseStyle(style);
  const tags: string[] = [];
  if (isBold(declarations.get('font-weight'))) tags.push('strong');
  if (declarations.get('font-style')?.startsWith('italic')) tags.push('em');
  const decoration = `${declarations.get('text-decoration') ?? ''} ${declarations.get('text-decoration-line') ?? ''}`;
  // Google Docs underlines the text of every link: that is the link's look, not an underline.
  if (/\bunderline\b/.test(decoration) && !insideLink) tags.push('u');
  if (/\bline-through\b/.test(decoration)) tags.push('s');
  return tags;
}

function rebuildTag(name: string, attributes: Map<string, string>, selfClosing: boolean): string {
  const kept = (KEPT_ATTRIBUTES[name] ?? [])
    .filter((attribute) => attributes.has(attribute))
    .map((attribute) => ` ${attribute}="${attributes.get(attribute)!.replace(/"/g, '&quot;')}"`)
    .join('');
  return `<${name}${kept}${selfClosing ? ' /' : ''}>`;
}

/** Strips classes, styles, spans, Office tags and everything else without meaning from each tag. */
function cleanTags(html: string): string {
  // Each open style wrapper remembers the tags it opened, so its closing tag closes them.
  const wrappers = new Map<string, string[][]>();
  let linkDepth = 0;
  return html.replace(TAG, (_, closing: string, rawName: string, attributeSource: string, slash: string) => {
    const name = rawName.toLowerCase();
    // Office's own elements (<w:Sdt>, <v:shape>…): the tag goes, its text stays.
    if (name.includes(':') || UNWRAPPED.has(name) || DROPPED_VOID.has(name)) return '';
    const isWrapper = STYLE_WRAPPERS.has(name) || name === 'b';
    if (closing) {
      if (name === 'a') linkDepth = Math.max(0, linkDepth - 1);
      if (!isWrapper) return `</${name}>`;
      const opened = wrappers.get(name)?.pop();
      if (opened === undefined) return '';
      return opened
        .slice()
        .reverse()
        .map((tag) => `</${tag}>`)
        .join('');
    }
    const attributes = parseAttributes(attributeSource);
    if (isWrapper) {
      const style = attributes.get('style') ?? '';
      let opened: string[];
      if (name === 'b') {
        // Google Docs wraps a whole paste in <b style="font-weight:normal">.
        opened = isNotBold(parseStyle(style).get('font-weight'))
          ? meaningOfStyle(style, linkDepth > 0)
          : ['strong', ...meaningOfStyle(style, linkDepth > 0).filter((tag) => tag !== 'strong')];
      } else {
        opened = meaningOfStyle(style, linkDepth > 0);
      }
      const stack = wrappers.get(name) ?? [];
      stack.push(opened);
      wrappers.set(name, stack);
      return opened.map((tag) => `<${tag}>`).join('');
    }
    if (name === 'a') linkDepth++;
    // Word's images point at the person's disk (file:///…), Docs' at data: URIs: neither can be
    // shown to the site's visitors. Images go in from the media library.
    if (name === 'img' && !/^https?:\/\//i.test(attributes.get('src')?.trim() ?? '')) return '';
    return rebuildTag(name, attributes, Boolean(slash) || VOID.has(name));
  });
}

// Word's list paragraphs: <p class=MsoListParagraphCxSpFirst style='mso-list:l0 level1 lfo1'>, whose
// number or bullet is typed text inside a conditional comment or a span marked mso-list:Ignore.
const PARAGRAPH = /<p\b([^>]*)>([\s\S]*?)<\/p\s*>/gi;
const LIST_STYLE = /mso-list\s*:\s*(l\d+)\s+level(\d+)/i;
const LIST_MARKERS = [
  /<!\[if !supportLists\]>([\s\S]*?)<!\[endif\]>/i,
  /<!--\[if !supportLists\]-->([\s\S]*?)<!--\[endif\]-->/i,
  /<span[^>]*mso-list\s*:\s*ignore[^>]*>((?:(?!<\/?span\b)[\s\S])*(?:<span\b[^>]*>(?:(?!<\/?span\b)[\s\S])*<\/span>)?(?:(?!<\/?span\b)[\s\S])*)<\/span>/i,
];

interface WordListItem {
  level: number;
  ordered: boolean;
  content: string;
}

const textOf = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|\u00a0/g, ' ')
    .trim();

function wordListItem(attributes: string, content: string): WordListItem | null {
  const list = LIST_STYLE.exec(attributes);
  if (!list) return null;
  let marker = '';
  let body = content;
  for (const pattern of LIST_MARKERS) {
    const found = pattern.exec(body);
    if (found) {
      marker = textOf(found[1] ?? '');
      body = body.replace(pattern, '');
      break;
    }
  }
  // "1." "a)" "iv." are numbers; "·", "o", "§" (Symbol and Wingdings bullets) are not.
  const ordered = /^(?:\d+|[a-z]|[ivxlcdm]+)[.)]$/i.test(marker);
  return { level: Number(list[2]), ordered, content: body };
}

function listMarkup(items: WordListItem[]): string {
  let html = '';
  const open: Array<{ level: number; tag: 'ul' | 'ol' }> = [];
  for (const item of items) {
    const tag = item.ordered ? 'ol' : 'ul';
    while (open.length > 0 && open[open.length - 1]!.level > item.level) {
      html += `</li></${open.pop()!.tag}>`;
    }
    const top = open[open.length - 1];
    if (top && top.level === item.level) {
      html += '</li>';
      if (top.tag !== tag) {
        html += `</${top.tag}><${tag}>`;
        top.tag = tag;
      }
    } else {
      // A deeper level opens a list inside the item still open.
      html += `<${tag}>`;
      open.push({ level: item.level, tag });
    }
    html += `<li><p>${item.content}</p>`;
  }
  while (open.length > 0) html += `</li></${open.pop()!.tag}>`;
  return html;
}

/** Turns runs of Word's list paragraphs into real (nested) lists. */
function wordLists(html: string): string {
  let output = '';
  let cursor = 0;
  let run: WordListItem[] = [];
  const flush = () => {
    if (run.length > 0) output += listMarkup(run);
    run = [];
  };
  for (const match of html.matchAll(PARAGRAPH)) {
    const start = match.index;
    const end = start + match[0].length;
    const item = wordListItem(match[1] ?? '', match[2] ?? '');
    const between = html.slice(cursor, start);
    // Items of one list are separated by nothing but white space.
    if (!item || between.trim() !== '') {
      flush();
      output += between;
    }
    if (item) run.push(item);
    else output += match[0];
    cursor = end;
  }
  flush();
  return output + html.slice(cursor);
}

/** The pasted HTML, reduced to meaningful markup for the editor (TipTap's `transformPastedHTML`). */
export function cleanPastedHtml(html: string): string {
  const withLists = /mso-list/i.test(html) ? wordLists(html) : html;
  return cleanTags(
    withLists
      .replace(DOWNLEVEL_REVEALED, '')
      .replace(COMMENT, '')
      .replace(STRAY_CONDITIONAL, '')
      .replace(PROCESSING_INSTRUCTION, '')
      .replace(DROPPED_WITH_CONTENT, '')
      .replace(OFFICE_PARAGRAPH_MARK, ''),
  );
}
