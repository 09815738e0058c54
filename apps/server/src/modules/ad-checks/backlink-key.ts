/**
 * The key of the one-ad-per-backlink rule, which the posts module stores in a
 * unique index. Two backlinks are the same page when their keys are equal:
 * - scheme dropped (http and https of one page are one page);
 * - host lower-cased (the URL parser does it, and turns IDN into punycode and
 *   numeric IPv4 forms into dotted quads), a leading `www.` and a trailing dot
 *   dropped; a non-default port kept;
 * - user info and fragment dropped;
 * - path kept as written (paths are case-sensitive) without trailing slashes;
 * - query kept.
 *
 * Text that is not an absolute URL cannot be fetched, so never passes the
 * backlink check; it keys as its trimmed, lower-cased self.
 */
export function normalizeBacklink(url: string): string {
  const text = url.trim();
  let parsed: URL;
  try {
    parsed = new URL(text);
  } catch {
    return text.toLowerCase();
  }
  const host = parsed.hostname.replace(/\.$/, '').replace(/^www\./, '');
  const port = parsed.port ? `:${parsed.port}` : '';
  const path = parsed.pathname.replace(/\/+$/, '');
  return `${host}${port}${path}${parsed.search}`;
}
