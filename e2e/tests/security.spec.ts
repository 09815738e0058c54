import { expect, test } from '@playwright/test';

test('pages load under the strict Content-Security-Policy with no violation', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy|Refused to/i.test(msg.text())) violations.push(msg.text());
  });
  page.on('pageerror', (error) => violations.push(error.message));
  // A violation the page catches itself (a probe inside try) reaches no console:
  // the document's own event reports it.
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation: (text: string) => void })
        .reportCspViolation;
      report(
        `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  const response = await page.goto('/register');
  const csp = response?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  await expect(page.getByRole('heading', { name: 'Create an account' })).toBeVisible();
  // A form's schema checks a value (zod compiles its checks with eval where it may).
  await page.getByLabel('Email').fill('someone@example.com');
  await page.getByLabel('Email').blur();
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  expect(violations).toEqual([]);
});
