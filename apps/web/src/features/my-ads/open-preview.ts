import { previewLink } from '../../lib/ad-api';

/**
 * Opens an ad's preview in a new tab. The page lives on the city's subdomain (another
 * origin), so the link with its short-lived token has to be asked for first. The tab
 * is opened at once, inside the click, because popup blockers refuse a window opened
 * after an await; it is pointed at the link when the answer comes, and closed if the
 * link cannot be had (the failure is logged and resolved, for the caller to show).
 */
export async function openPreview(
  adId: string,
): Promise<{ ok: true } | { ok: false; error: unknown }> {
  const tab = window.open('', '_blank');
  try {
    const { url } = await previewLink(adId);
    if (tab) {
      // The preview must not be able to script or navigate this page.
      tab.opener = null;
      tab.location.href = url;
    } else {
      window.open(url, '_blank', 'noopener');
    }
    return { ok: true };
  } catch (error) {
    tab?.close();
    console.warn('Could not open the preview', adId, error);
    return { ok: false, error };
  }
}
