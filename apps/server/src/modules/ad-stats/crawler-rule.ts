/**
 * The one rule of who is not a person (issue 29: crawlers and link previews are not
 * counted). A request without a User-Agent is a tool, not a browser; otherwise the
 * words crawlers, link previewers and HTTP libraries name themselves with. Read here
 * only; the header is never stored.
 */
const NOT_A_PERSON = new RegExp(
  [
    'bot\\b',
    'bot/',
    'crawl',
    'spider',
    'slurp',
    'scrap',
    'preview',
    'facebookexternalhit',
    'facebookcatalog',
    'embedly',
    'whatsapp',
    'telegram',
    'skypeuripreview',
    'vkshare',
    'pinterest',
    'bitlybot',
    'discord',
    'slack',
    'headlesschrome',
    'lighthouse',
    'pagespeed',
    'curl/',
    'wget',
    'python-',
    'go-http-client',
    'okhttp',
    'java/',
    'node-fetch',
    'undici',
    'axios',
    'libwww',
    'httpclient',
    'monitor',
    'uptime',
    'feed',
  ].join('|'),
  'i',
);

/** True for a crawler, a link preview, a script or a request with no User-Agent at all. */
export function isCrawler(userAgent: string | undefined): boolean {
  if (!userAgent || userAgent.trim().length < 10) return true;
  return NOT_A_PERSON.test(userAgent);
}
