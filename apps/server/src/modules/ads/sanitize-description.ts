import sanitizeHtml from 'sanitize-html';

/**
 * Descriptions are rich text from the browser's editor. Only a small set of
 * tags survives, with no attributes but safe links; what users read is built
 * from this, never from the raw input.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'a'],
  allowedAttributes: { a: ['href', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { rel: 'nofollow noopener ugc' }),
    // Blocks the editor does not make still read as paragraphs, not run-on text.
    div: 'p',
    h1: 'p',
    h2: 'p',
    h3: 'p',
    h4: 'p',
    h5: 'p',
    h6: 'p',
    blockquote: 'p',
  },
  exclusiveFilter: (frame) => frame.tag === 'a' && !frame.attribs.href,
};

export interface SanitizedDescription {
  html: string;
  /** The words a reader sees: limits and word checks apply to this, not the markup. */
  text: string;
}

export function sanitizeDescription(input: string): SanitizedDescription {
  const html = sanitizeHtml(input, options).trim();
  const text = sanitizeHtml(html.replace(/<\/(p|li)>|<br\s*\/?>/gi, '$& '), {
    allowedTags: [],
    allowedAttributes: {},
  })
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
  return { html, text };
}
