import { expect, test } from '@playwright/test';

test('pages load under the strict Content-Security-Policy with no violation', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy|Refused to/i.test(msg.text())) violations.push(msg.text());
  });
  page.on('pageerror', (error) => violations.push(error.message));
  const response = await page.goto('/register');
  const csp = response?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  await expect(page.getByRole('heading', { name: 'Create an account' })).toBeVisible();
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  expect(violations).toEqual([]);
});
