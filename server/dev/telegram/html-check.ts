/**
 * Telegram's HTML parse mode, as the simulator checks it: the tags Telegram formats (b/strong, i/em, u/ins,
 * s/strike/del, code, pre, a href, span class="tg-spoiler", tg-spoiler, blockquote), properly nested, and the
 * entities &lt; &gt; &amp; &quot; and numeric ones. Anything else fails with Telegram's "can't parse entities" reason.
 *
 * Deliberately stricter than Telegram in one way: a bare `&` or `>` is refused (Telegram lets them through as text).
 * Our messages must escape every user-supplied string, and a test that sends "Osh & non" unescaped should fail here
 * rather than pass by luck.
 *
 * No Node APIs: the /dev/telegram page's browser script parses messages with this same code, so what the page
 * formats is exactly what the simulator accepted.
 */

export type FormatTag = 'b' | 'i' | 'u' | 's' | 'code' | 'pre' | 'a' | 'spoiler' | 'blockquote';

export interface HtmlElement {
  tag: FormatTag;
  /** `a` only. */
  href?: string;
  /** `code` inside `pre` with class="language-…". */
  language?: string;
  children: HtmlNode[];
}
export type HtmlNode = string | HtmlElement;

export interface TelegramEntity {
  type: 'bold' | 'italic' | 'underline' | 'strikethrough' | 'spoiler' | 'code' | 'pre' | 'text_link' | 'blockquote';
  /** In UTF-16 code units of the parsed text, as Telegram counts them. */
  offset: number;
  length: number;
  url?: string;
  language?: string;
}

export interface ParsedHtml {
  /** The text after entity parsing: what Telegram stores and counts against the 4096 limit. */
  text: string;
  entities: TelegramEntity[];
  nodes: HtmlNode[];
}

/** The reason Telegram gives after "Bad Request: can't parse entities: ". */
export class TelegramHtmlError extends Error {}

const TAGS: Record<string, FormatTag> = {
  b: 'b',
  strong: 'b',
  i: 'i',
  em: 'i',
  u: 'u',
  ins: 'u',
  s: 's',
  strike: 's',
  del: 's',
  code: 'code',
  pre: 'pre',
  a: 'a',
  span: 'spoiler',
  'tg-spoiler': 'spoiler',
  blockquote: 'blockquote',
};

const ENTITY_TYPES: Record<FormatTag, TelegramEntity['type']> = {
  b: 'bold',
  i: 'italic',
  u: 'underline',
  s: 'strikethrough',
  code: 'code',
  pre: 'pre',
  a: 'text_link',
  spoiler: 'spoiler',
  blockquote: 'blockquote',
};

const NAMED_ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"' };

interface Open {
  /** The name as written (`strong`), which the end tag must repeat. */
  name: string;
  element: HtmlElement;
  /** Where its text starts in the parsed text. */
  start: number;
}

/** Telegram reports positions in bytes of the UTF-8 text. */
const byteOffset = (source: string, index: number) => new TextEncoder().encode(source.slice(0, index)).length;

function decodeEntity(source: string, index: number): { value: string; end: number } | undefined {
  const match = /^&(lt|gt|amp|quot|#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6});/.exec(source.slice(index, index + 12));
  if (!match) return undefined;
  const name = match[1]!;
  const end = index + match[0].length;
  if (!name.startsWith('#')) return { value: NAMED_ENTITIES[name]!, end };
  const code = /^#[xX]/.test(name) ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
  if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return undefined;
  return { value: String.fromCodePoint(code), end };
}

/** An attribute value with its entities decoded (the same rules as text). */
function decodeValue(source: string, from: number, raw: string): string {
  let out = '';
  for (let i = 0; i < raw.length; i++) {
    if (raw[i] !== '&') {
      out += raw[i];
      continue;
    }
    const entity = decodeEntity(raw, i);
    if (!entity) throw new TelegramHtmlError(`Unsupported character entity at byte offset ${byteOffset(source, from)}`);
    out += entity.value;
    i = entity.end - 1;
  }
  return out;
}

interface StartTag {
  name: string;
  attributes: Map<string, string>;
  end: number;
}

function readStartTag(source: string, begin: number): StartTag {
  let i = begin + 1;
  while (i < source.length && /[a-zA-Z0-9-]/.test(source[i]!)) i++;
  const name = source.slice(begin + 1, i).toLowerCase();
  if (!(name in TAGS))
    throw new TelegramHtmlError(`Unsupported start tag "${name}" at byte offset ${byteOffset(source, begin)}`);
  const attributes = new Map<string, string>();
  for (;;) {
    while (i < source.length && /\s/.test(source[i]!)) i++;
    if (i >= source.length)
      throw new TelegramHtmlError(`Unclosed start tag at byte offset ${byteOffset(source, begin)}`);
    if (source[i] === '>') return { name, attributes, end: i + 1 };
    const attrStart = i;
    while (i < source.length && /[a-zA-Z0-9_-]/.test(source[i]!)) i++;
    const attrName = source.slice(attrStart, i).toLowerCase();
    if (!attrName) throw new TelegramHtmlError(`Unclosed start tag at byte offset ${byteOffset(source, begin)}`);
    let value = '';
    while (i < source.length && /\s/.test(source[i]!)) i++;
    if (source[i] === '=') {
      i++;
      while (i < source.length && /\s/.test(source[i]!)) i++;
      const quote = source[i];
      if (quote === '"' || quote === "'") {
        const close = source.indexOf(quote, i + 1);
        if (close < 0) throw new TelegramHtmlError(`Unclosed start tag at byte offset ${byteOffset(source, begin)}`);
        value = decodeValue(source, i, source.slice(i + 1, close));
        i = close + 1;
      } else {
        const valueStart = i;
        while (i < source.length && !/[\s>]/.test(source[i]!)) i++;
        value = decodeValue(source, valueStart, source.slice(valueStart, i));
      }
    }
    attributes.set(attrName, value);
  }
}

function elementFor(tag: StartTag, parent: Open | undefined, source: string, begin: number): HtmlElement {
  const kind = TAGS[tag.name]!;
  if (tag.name === 'span' && tag.attributes.get('class') !== 'tg-spoiler') {
    throw new TelegramHtmlError(`Tag "span" must have class "tg-spoiler" at byte offset ${byteOffset(source, begin)}`);
  }
  const element: HtmlElement = { tag: kind, children: [] };
  const href = tag.attributes.get('href');
  if (kind === 'a' && href !== undefined) element.href = href;
  const language = /^language-(.+)$/.exec(tag.attributes.get('class') ?? '')?.[1];
  if (kind === 'code' && parent?.element.tag === 'pre' && language) element.language = language;
  return element;
}

/** Parses `source` as Telegram does for parse_mode "HTML"; throws TelegramHtmlError with Telegram's reason. */
export function parseTelegramHtml(source: string): ParsedHtml {
  const root: HtmlElement = { tag: 'b', children: [] };
  const stack: Open[] = [];
  const entities: TelegramEntity[] = [];
  let text = '';
  const current = () => stack.at(-1)?.element ?? root;
  const addText = (value: string) => {
    const children = current().children;
    const last = children.at(-1);
    if (typeof last === 'string') children[children.length - 1] = last + value;
    else children.push(value);
    text += value;
  };

  let i = 0;
  while (i < source.length) {
    const ch = source[i]!;
    if (ch === '<' && source[i + 1] === '/') {
      const close = source.indexOf('>', i);
      if (close < 0) throw new TelegramHtmlError(`Unclosed end tag at byte offset ${byteOffset(source, i)}`);
      const name = source
        .slice(i + 2, close)
        .trim()
        .toLowerCase();
      const open = stack.at(-1);
      if (!open) throw new TelegramHtmlError(`Unexpected end tag at byte offset ${byteOffset(source, i)}`);
      if (open.name !== name) {
        throw new TelegramHtmlError(
          `Unmatched end tag at byte offset ${byteOffset(source, i)}, expected "</${open.name}>", found "</${name}>"`,
        );
      }
      stack.pop();
      const length = text.length - open.start;
      // Telegram drops formatting that covers no text, and a link without href is plain text.
      if (length > 0 && !(open.element.tag === 'a' && open.element.href === undefined)) {
        const entity: TelegramEntity = { type: ENTITY_TYPES[open.element.tag], offset: open.start, length };
        if (open.element.href !== undefined) entity.url = open.element.href;
        if (open.element.tag === 'pre') {
          const inner = open.element.children.find((child): child is HtmlElement => typeof child !== 'string');
          if (inner?.language) entity.language = inner.language;
        }
        entities.push(entity);
      }
      i = close + 1;
    } else if (ch === '<') {
      const tag = readStartTag(source, i);
      const element = elementFor(tag, stack.at(-1), source, i);
      current().children.push(element);
      stack.push({ name: tag.name, element, start: text.length });
      i = tag.end;
    } else if (ch === '&') {
      const entity = decodeEntity(source, i);
      if (!entity) {
        throw new TelegramHtmlError(
          `Unsupported character entity at byte offset ${byteOffset(source, i)}: write "&" as &amp;`,
        );
      }
      addText(entity.value);
      i = entity.end;
    } else if (ch === '>') {
      throw new TelegramHtmlError(`Unexpected ">" at byte offset ${byteOffset(source, i)}: write it as &gt;`);
    } else {
      const next = source.slice(i).search(/[<>&]/);
      const end = next < 0 ? source.length : i + next;
      addText(source.slice(i, end));
      i = end;
    }
  }
  const unclosed = stack.at(-1);
  if (unclosed) throw new TelegramHtmlError(`Can't find end tag corresponding to start tag "${unclosed.name}"`);
  entities.sort((a, b) => a.offset - b.offset || b.length - a.length);
  return { text, entities, nodes: root.children };
}
