import { adFieldRules, adMessages, sayIn } from '@adboard/shared';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { locationHandlers } from '../test/ad-fixtures';
import { mockFetch, renderApp, storeSession } from '../test/helpers';
import { openForm } from '../test/wizard-steps';

/** Issue 16: the ad form checks each field with the shared ad schema, in the browser. */

/** The shared rule's message for a value (the rule the server checks the body with). */
function sharedMessage(rule: (typeof adFieldRules)['age' | 'phone'], value: string): string {
  const result = rule.safeParse(value);
  if (result.success) throw new Error(`${value} passes the shared rule`);
  // The rule names its text; an English reader reads it in English.
  return sayIn('en', result.error.issues[0]?.message ?? '');
}

describe('/edit-post: a field checked by the shared ad schema (issue 16)', () => {
  it("shows the shared rule's message under the field without asking the server, and drops it when fixed", async () => {
    storeSession();
    const { calls } = mockFetch(locationHandlers);
    const { user } = renderApp('/edit-post');
    await openForm(user, 'paid');
    const before = calls.length;

    const age = screen.getByLabelText('Age');
    await user.type(age, '17');
    await user.tab();
    const ageMessage = sharedMessage(adFieldRules.age, '17');
    expect(ageMessage).toBe(sayIn('en', adMessages.form.age));
    expect(await screen.findByText(ageMessage)).toBeTruthy();
    expect(age.getAttribute('aria-invalid')).toBe('true');

    // A phone without enough digits never goes to the server's check.
    const phone = screen.getByLabelText('Phone');
    await user.type(phone, '12');
    await user.tab();
    expect(await screen.findByText(sharedMessage(adFieldRules.phone, '12'))).toBeTruthy();
    expect(calls.slice(before)).toEqual([]);

    await user.clear(age);
    await user.type(age, '25');
    expect(screen.queryByText(ageMessage)).toBeNull();
    expect(age.getAttribute('aria-invalid')).toBeNull();
    await user.type(phone, '3-208-4567');
    expect(screen.queryByText(sayIn('en', adMessages.form.phone))).toBeNull();
  });

  it("keeps the description's text in the wizard's draft as it is typed", async () => {
    storeSession();
    mockFetch(locationHandlers);
    const { user } = renderApp('/edit-post');
    await openForm(user, 'paid');
    const description = await screen.findByRole('textbox', { name: 'Description' });
    await user.click(description);
    await user.type(description, 'Relaxed evenings');
    const drafts = () =>
      Object.keys(window.localStorage)
        .filter((key) => key.startsWith('adDraft:'))
        .map((key) => window.localStorage.getItem(key) ?? '');
    await waitFor(() => expect(drafts().join()).toContain('Relaxed evenings'));
  });
});
