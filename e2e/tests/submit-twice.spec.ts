import { adMessages, lifecycleMessages, sayIn } from '@adboard/shared';
import { expect, test } from '@playwright/test';
import { postFreeVerifiedAd } from './ad-steps.js';
import { registerAndVerify, uniqueEmail } from './support.js';

test("a double click on 'Submit for Review' sends the ad once and shows the success, never an error", async ({
  page,
  request,
}) => {
  // Registration and the whole wizard on a shared two-core machine.
  test.setTimeout(120_000);
  await registerAndVerify(page, request, uniqueEmail('double-click'), 'double click passphrase');
  await page.getByRole('link', { name: 'Post a New Ad' }).click();
  await postFreeVerifiedAd(page, { title: `Twice clicked ${Date.now()}`, phone: '702-208-4790' });

  const submits: string[] = [];
  page.on('request', (sent) => {
    if (sent.method() === 'POST' && /\/api\/post\/\d+\/submit$/.test(sent.url())) {
      submits.push(sent.url());
    }
  });
  await page
    .getByRole('button', { name: sayIn('en', adMessages.wizard.submitForReview) })
    .dblclick();

  await expect(
    page.getByRole('status').filter({ hasText: sayIn('en', adMessages.wizard.submitted) }),
  ).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByText(sayIn('en', lifecycleMessages.refused.alreadySubmitted))).toHaveCount(
    0,
  );
  expect(submits).toHaveLength(1);
});
