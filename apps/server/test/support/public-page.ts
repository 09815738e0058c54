/**
 * A public page's own content: what is between `<main>` and `</main>`, without the bar
 * every page wears (the brand's logo is an image too) or the footer.
 */
export function pageContent(html: string): string {
  const start = html.indexOf('<main>');
  const end = html.indexOf('</main>');
  if (start < 0 || end < start) throw new Error('the page has no <main>');
  return html.slice(start, end);
}
