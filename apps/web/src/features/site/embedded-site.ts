import { getSiteEndpoint, siteDataElementId, type PublicSite } from '@adboard/shared';

/**
 * The site's configuration the server wrote into the page (index.html's JSON data
 * block, modules/sites/brand-page.ts), checked with the answer's schema of
 * GET /api/site. Undefined when the page has none or it does not parse: the app then
 * asks the server, as it would without it.
 */
export function readEmbeddedSite(doc: Document = document): PublicSite | undefined {
  const text = doc.getElementById(siteDataElementId)?.textContent;
  if (!text) return undefined;
  try {
    const parsed = getSiteEndpoint.responses[200].safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
