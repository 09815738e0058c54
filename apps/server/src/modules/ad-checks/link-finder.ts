/**
 * Finds whether an HTML page links to a site. A tolerant scan rather than a
 * full parser: it drops comments and the raw-text elements (script, style,
 * textarea, title), then reads the `href` of every `<a>` tag, decodes
 * character references, and resolves it against the page URL (or the page's
 * `<base href>`).
 */

const NAMED_REFERENCES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  sol: '/',
  colon: ':',
  period: '.',
  tab: '\t',
  newline: '\n',
  nbsp: '\u00a0',
};

function decodeReferences(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (whole, ref: string) => {
    if (ref.startsWith('#')) {
      const code =
        ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : Number(ref.slice(1));
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff
        ? String.fromCodePoint(code)
        : whole;
    }
    return NAMED_REFERENCES[ref.toLowerCase()] ?? whole;
  });
}

/** Comments and elements whose content is not markup. */
const NOT_MARKUP =
  /<!--[\s\S]*?(?:-->|$)|<(script|style|textarea|title)\b[^>]*>[\s\S]*?(?:<\/\1\s*>|$)/gi;
/** An `<a>` or `<base>` start tag; quoted attribute values may contain `>`. */
const TAG = /<(a|base)(?=[\s/>])((?:[^>"']|"[^"]*"|'[^']*')*)>/gi;
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

function hrefOf(attributes: string): string | null {
  for (const match of attributes.matchAll(ATTRIBUTE)) {
    if (match[1]?.toLowerCase() !== 'href') continue;
    const value = match[2] ?? match[3] ?? match[4];
    return value === undefined ? null : decodeReferences(value);
  }
  return null;
}

/** A host name without a trailing dot and a leading `www.`, lower case. */
export function bareHost(host: string): string {
  return host
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/^www\./, '');
}

/** Whether `host` is the site's host or one of its subdomains (`www.` ignored). */
export function isSiteHost(host: string, siteHost: string): boolean {
  const h = bareHost(host);
  const site = bareHost(siteHost);
  return h === site || h.endsWith(`.${site}`);
}

function resolve(href: string, base: string): URL | null {
  const text = href.trim();
  return URL.canParse(text, base) ? new URL(text, base) : null;
}

/** Every http(s) link target of the page's `<a href>` tags, resolved. */
export function extractLinks(html: string, pageUrl: string): URL[] {
  const tags = [...html.replace(NOT_MARKUP, ' ').matchAll(TAG)].map((tag) => ({
    name: tag[1]?.toLowerCase(),
    href: hrefOf(tag[2] ?? ''),
  }));
  // Like a browser: the first <base href> is the base of every link, wherever it stands.
  const baseHref = tags.find((tag) => tag.name === 'base' && tag.href !== null)?.href;
  const base = (baseHref ? resolve(baseHref, pageUrl)?.href : undefined) ?? pageUrl;
  const links: URL[] = [];
  for (const tag of tags) {
    if (tag.name !== 'a' || tag.href === null) continue;
    const url = resolve(tag.href, base);
    if (url && (url.protocol === 'http:' || url.protocol === 'https:')) links.push(url);
  }
  return links;
}

/** Whether the page has an `<a href>` to `siteHost` or one of its subdomains. */
export function linksToSite(html: string, pageUrl: string, siteHost: string): boolean {
  return extractLinks(html, pageUrl).some((link) => isSiteHost(link.hostname, siteHost));
}
