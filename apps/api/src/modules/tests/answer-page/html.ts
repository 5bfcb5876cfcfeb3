// Decision 049: the answering page is written as typed template functions over this `html` tag.
// Every interpolated value is escaped unless it is already Html (another template's result), so a
// test's title, a question or an option that holds `<script>` is shown as text, never run.

/** Markup that is already safe: made only by `html` and `raw`. */
export class Html {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

/** What a template may interpolate: text (escaped), Html (as is), a list of either, or nothing. */
export type Interpolation = Html | string | number | null | undefined | false | readonly Interpolation[];

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe for an element's content and for a quoted attribute value alike. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);
}

function render(value: Interpolation): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof Html) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}

/** The tag: `html\`<p>${text}</p>\`` escapes `text`; nested templates and lists are kept as markup. */
export function html(strings: TemplateStringsArray, ...values: Interpolation[]): Html {
  let out = strings[0] ?? '';
  for (let i = 0; i < values.length; i++) out += render(values[i] as Interpolation) + (strings[i + 1] ?? '');
  return new Html(out);
}

/** Markup written by us (the inline style sheet): never anything a person typed. */
export function raw(markup: string): Html {
  return new Html(markup);
}
