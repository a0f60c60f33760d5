/**
 * HTML rendering without a template engine: the `html` tag escapes every interpolated value unless it is already
 * rendered HTML (`SafeHtml`). Text from the database can therefore never become markup, whatever a template author
 * forgets; the only way to insert unescaped text is `trusted()`, used for our own constants (CSS, script, QR SVG).
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes the five characters that matter in text and in quoted attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** Markup that is already safe: the output of `html` or of `trusted`. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

/** Values a template may interpolate: nothing else (no objects whose toString could surprise). */
export type HtmlValue = SafeHtml | string | number | boolean | null | undefined | readonly HtmlValue[];

function render(value: HtmlValue): string {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  // false, null and undefined render nothing, so `${cond && html`…`}` works.
  if (value === null || value === undefined || value === false || value === true) return '';
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  let out = strings[0]!;
  for (let i = 0; i < values.length; i++) out += render(values[i]!) + strings[i + 1]!;
  return new SafeHtml(out);
}

/** Inserts our own markup verbatim. Never pass text that came from a request or the database. */
export function trusted(markup: string): SafeHtml {
  return new SafeHtml(markup);
}

/** Collapses the whitespace and comments of a CSS constant written readably in the source. */
export function minifyCss(source: string): string {
  return source
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s*([{}:;,>])\s*/g, '$1')
    .replace(/;}/g, '}')
    .trim();
}
