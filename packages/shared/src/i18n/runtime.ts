import type { CompiledMessage, CompiledMessageToken } from '@lingui/message-utils/compileMessage';
import { intlLocales, type Language } from './languages.js';

/*
 * The catalogue's runtime (issue 30): an area's texts in one language from their
 * compiled form (the arrays @lingui/message-utils compiles ICU MessageFormat into),
 * put together here with each language's Intl: plurals and ordinals by
 * Intl.PluralRules, numbers by Intl.NumberFormat, dates and times by
 * Intl.DateTimeFormat. No parser and no library at run time: the server compiles its
 * areas when first asked (catalogue.ts); the web app's build compiles each area in each
 * language into a file of its own (apps/web/catalogue-plugin.ts). docs/decisions.md,
 * "The catalogue's runtime", says why not Lingui's own (@lingui/core).
 */

export type { CompiledMessage };

/** A source text as English writes it, or a group of them. */
export interface CatalogueSource {
  readonly [key: string]: string | CatalogueSource;
}

/** An area compiled: the source's keys, each leaf a compiled text. */
export interface CompiledArea {
  readonly [key: string]: CompiledMessage | CompiledArea;
}

/** A translation of `Source`: the same keys, any text at each leaf. */
export type TranslationOf<Source> = {
  readonly [K in keyof Source]: Source[K] extends string ? string : TranslationOf<Source[K]>;
};

/** What a text's placeholders take: a name, a number (plurals) or a date. */
export type MessageValues = Readonly<Record<string, string | number | Date>>;

/** A text with placeholders (`{name}`) is a function of them; a text without, the text. */
export type Messages<Source> = {
  readonly [K in keyof Source]: Source[K] extends `${string}{${string}}${string}`
    ? (values: MessageValues) => string
    : Source[K] extends string
      ? string
      : Messages<Source[K]>;
};

function isCompiledText(node: CompiledMessage | CompiledArea): node is CompiledMessage {
  return typeof node === 'string' || Array.isArray(node);
}

/** The names a compiled text's placeholders use, plurals' and selects' included. */
export function placeholderNames(message: CompiledMessage): string[] {
  const names = new Set<string>();
  // A message is text and parts; a part is [name], or [name, format, branches or style].
  const visitMessage = (parts: unknown): void => {
    if (!Array.isArray(parts)) return;
    for (const part of parts) if (Array.isArray(part)) visitPart(part);
  };
  const visitPart = ([name, , options]: unknown[]): void => {
    // A plural's `#` is its number, not a placeholder of its own.
    if (typeof name === 'string' && name !== '#') names.add(name);
    if (options && typeof options === 'object' && !Array.isArray(options)) {
      for (const branch of Object.values(options)) visitMessage(branch);
    }
  };
  visitMessage(message);
  return [...names].sort();
}

/** What a text's parts are formatted with, made once per language. */
interface Formatters {
  readonly locale: string;
  readonly plural: Intl.PluralRules;
  readonly ordinal: Intl.PluralRules;
  /** Numbers as the language writes them (a plural's `#`, `{n, number}`). */
  readonly number: Intl.NumberFormat;
}

type Choices = Readonly<Record<string, unknown>>;

function isChoices(value: unknown): value is Choices {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function formatNumber(formatters: Formatters, value: number, style: unknown): string {
  if (style !== 'percent' && style !== 'integer') return formatters.number.format(value);
  const options: Intl.NumberFormatOptions =
    style === 'percent' ? { style: 'percent' } : { maximumFractionDigits: 0 };
  return new Intl.NumberFormat(formatters.locale, options).format(value);
}

function formatDate(formatters: Formatters, value: unknown, kind: string, style: unknown): string {
  const date = value instanceof Date ? value : new Date(String(value));
  const length = style === 'short' || style === 'long' || style === 'full' ? style : 'medium';
  const options: Intl.DateTimeFormatOptions =
    kind === 'time' ? { timeStyle: length } : { dateStyle: length };
  return new Intl.DateTimeFormat(formatters.locale, options).format(date);
}

/**
 * A compiled text with its values: each value printed as it is (never decoded), a
 * plural's `#` as its number in the language's way.
 */
function render(
  message: CompiledMessage,
  values: MessageValues,
  formatters: Formatters,
  count: string | null = null,
): string {
  let out = '';
  for (const token of message) {
    if (typeof token === 'string') {
      out += token === '#' && count !== null ? count : token;
      continue;
    }
    out += renderPart(token, values, formatters, count);
  }
  return out;
}

function renderPart(
  [name, type, format]: Exclude<CompiledMessageToken, string>,
  values: MessageValues,
  formatters: Formatters,
  count: string | null,
): string {
  const value = values[name];
  if ((type === 'plural' || type === 'selectordinal') && isChoices(format)) {
    const offset = typeof format.offset === 'number' ? format.offset : 0;
    const number = Number(value) - offset;
    const rules = type === 'plural' ? formatters.plural : formatters.ordinal;
    const branch = format[String(value)] ?? format[rules.select(number)] ?? format.other;
    const count = formatNumber(formatters, number, null);
    return Array.isArray(branch) ? render(branch, values, formatters, count) : '';
  }
  if (type === 'select' && isChoices(format)) {
    const branch = format[String(value)] ?? format.other;
    // A select inside a plural keeps the plural's `#`.
    return Array.isArray(branch) ? render(branch, values, formatters, count) : '';
  }
  if (value === undefined) return '';
  if (type === 'number') return formatNumber(formatters, Number(value), format);
  if (type === 'date' || type === 'time') return formatDate(formatters, value, type, format);
  return value instanceof Date ? formatDate(formatters, value, 'date', null) : String(value);
}

/**
 * A compiled area's texts in `language`: the same shape as its English source, each
 * text with placeholders a function of their values, each without one its text.
 */
export function messagesFromCompiled<Source>(
  compiled: CompiledArea,
  language: Language,
): Messages<Source> {
  // Numbers inside texts ('{n, number}') and plurals as the language's Intl locale says.
  const locale = intlLocales[language];
  const formatters: Formatters = {
    locale,
    plural: new Intl.PluralRules(locale),
    ordinal: new Intl.PluralRules(locale, { type: 'ordinal' }),
    number: new Intl.NumberFormat(locale),
  };
  const build = (node: CompiledArea): Record<string, unknown> =>
    Object.fromEntries(
      Object.entries(node).map(([key, value]) => {
        if (!isCompiledText(value)) return [key, build(value)];
        const message = typeof value === 'string' ? [value] : value;
        return [
          key,
          placeholderNames(message).length > 0
            ? (values: MessageValues) => render(message, values, formatters)
            : render(message, {}, formatters),
        ];
      }),
    );
  // The shape is the source's, built key by key above.
  return build(compiled) as Messages<Source>;
}
