import { useId, useState } from 'react';
import { useSite } from '../site/site-context';
import { adsText } from '../../i18n/areas';
import { useText } from '../../i18n/language-context';

/** The link a free ad's page must carry: `<a href="{site url}">{site name}</a>`. */
export function backlinkSnippet(siteUrl: string, siteName: string): string {
  const escape = (text: string) =>
    text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return `<a href="${escape(siteUrl)}">${escape(siteName)}</a>`;
}

/**
 * Above the backlink field of a free ad: the exact address the advertiser's page
 * must link to, and the HTML of that link, ready to copy.
 */
export function BacklinkHelp() {
  const adsWords = useText(adsText);
  const site = useSite();
  const id = useId();
  const [copied, setCopied] = useState(false);
  const snippet = backlinkSnippet(site.url, site.name);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(snippet);
      setCopied(true);
    } catch {
      // No clipboard (an old browser, no permission): the text stays there to select.
      setCopied(false);
    }
  };
  return (
    <div className="backlink-help">
      <p>{adsWords.form.backlinkTarget({ siteUrl: site.url })}</p>
      <label className="field__label" htmlFor={id}>
        {adsWords.form.backlinkSnippetLabel}
      </label>
      <div className="backlink-help__row">
        <input
          id={id}
          className="field__input backlink-help__snippet"
          readOnly
          value={snippet}
          onFocus={(event) => event.currentTarget.select()}
        />
        <button type="button" className="button button--secondary" onClick={() => void copy()}>
          {copied ? adsWords.form.backlinkCopied : adsWords.form.backlinkCopy}
        </button>
      </div>
    </div>
  );
}
