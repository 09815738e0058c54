import { describe, expect, it } from 'vitest';
import { extractLinks, isSiteHost, linksToSite } from './link-finder.js';

const page = 'https://friend.example/links/';
const site = 'velvetboard.example';

describe('isSiteHost', () => {
  it.each([
    ['velvetboard.example', true],
    ['www.velvetboard.example', true],
    ['WWW.VelvetBoard.Example.', true],
    ['las-vegas.velvetboard.example', true],
    ['evilvelvetboard.example', false],
    ['velvetboard.example.evil.example', false],
    ['nightlist.example', false],
  ])('%s → %s', (host, expected) => {
    expect(isSiteHost(host, site)).toBe(expected);
  });

  it('ignores www. on the site side too', () => {
    expect(isSiteHost('velvetboard.example', 'www.velvetboard.example')).toBe(true);
  });
});

describe('linksToSite', () => {
  it.each([
    '<a href="https://velvetboard.example">Velvet</a>',
    "<a href='https://www.velvetboard.example/'>Velvet</a>",
    '<a href=https://las-vegas.velvetboard.example/escorts>LV</a>',
    '<A HREF="HTTPS://VELVETBOARD.EXAMPLE/">x</A>',
    '<a class="x" title="a > b" href="//velvetboard.example/">x</a>',
    '<a href="https:&#x2F;&#x2F;velvetboard.example&#47;">encoded</a>',
    '<a href="https://velvetboard.example/?a=1&amp;b=2">amp</a>',
    '<a\nhref = "  http://velvetboard.example  "\n>spaced</a>',
    '<base href="https://velvetboard.example/"><a href="/cities">relative to base</a>',
    '<a href="/cities">relative to a later base</a><base href="https://velvetboard.example/">',
  ])('finds the link in %s', (html) => {
    expect(linksToSite(html, page, site)).toBe(true);
  });

  it.each([
    ['no link', '<p>https://velvetboard.example</p>'],
    ['another site', '<a href="https://nightlist.example/">n</a>'],
    ['a look-alike', '<a href="https://velvetboard.example.evil.example/">x</a>'],
    ['a relative link', '<a href="/velvetboard.example">x</a>'],
    ['a commented-out link', '<!-- <a href="https://velvetboard.example/">x</a> -->'],
    ['a link in a script', '<script>"<a href=\\"https://velvetboard.example/\\">"</script>'],
    ['a link in a textarea', '<textarea><a href="https://velvetboard.example/"></a></textarea>'],
    ['a javascript: link', '<a href="javascript:location=\'https://velvetboard.example\'">x</a>'],
    ['a data-href attribute', '<a data-href="https://velvetboard.example/">x</a>'],
    ['a link tag', '<link rel="canonical" href="https://velvetboard.example/">'],
    ['an ftp link', '<a href="ftp://velvetboard.example/">x</a>'],
    ['an unclosed comment', '<!-- <a href="https://velvetboard.example/">x</a>'],
  ])('finds none with %s', (_label, html) => {
    expect(linksToSite(html, page, site)).toBe(false);
  });
});

describe('extractLinks', () => {
  it('resolves relative links against the page and keeps only http(s)', () => {
    const html =
      '<a href="a">1</a><a href="../b?q=1#f">2</a><a href="mailto:x@y.example">3</a><a>4</a>';
    expect(extractLinks(html, page).map((u) => u.href)).toEqual([
      'https://friend.example/links/a',
      'https://friend.example/b?q=1#f',
    ]);
  });

  it('scans a large page quickly', () => {
    const html = `${'<div class="x">text</div>'.repeat(40_000)}<a href="https://velvetboard.example/">x</a>`;
    const started = performance.now();
    expect(linksToSite(html, page, site)).toBe(true);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
