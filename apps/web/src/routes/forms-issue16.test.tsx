import { consoleMessages, moderationMessages, catalogueAreas, messagesOf } from '@adboard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderApp, storeSession, testSite } from '../test/helpers';
import { adminUser, statusWithRole } from '../test/admin-fixtures';

const answersEn = messagesOf(catalogueAreas.answers, 'en');

/** The problem shown under a field: the text its aria-describedby names. */
function problemOf(field: HTMLElement): string | null | undefined {
  const ids = field.getAttribute('aria-describedby')?.split(' ') ?? [];
  const error = ids
    .map((id) => document.getElementById(id))
    .find((element) => element?.classList.contains('field__error'));
  return error?.textContent;
}

const termsLabel = 'I have read and understand rules and terms and conditions on this site';

describe('issue 16: forms through the shared schemas, one message per problem', () => {
  it("shows the shared schema's message under each field without calling the server", async () => {
    const { actionCalls } = mockFetch();
    const { user } = renderApp('/login');
    const email = await screen.findByLabelText('Email');
    await user.type(email, 'not an email');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    await waitFor(() => expect(problemOf(email)).toBe(answersEn.rules.invalidEmail));
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(problemOf(screen.getByLabelText('Password'))).toBe(answersEn.rules.requiredField);
    expect(screen.getAllByText(answersEn.rules.invalidEmail)).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(actionCalls()).toEqual([]);
  });

  it("takes a fixed field's message away as it is typed, before the next submit", async () => {
    mockFetch();
    const { user } = renderApp('/login');
    const email = await screen.findByLabelText('Email');
    await user.type(email, 'ada@example');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await screen.findByText(answersEn.rules.invalidEmail);

    await user.type(email, '.com');
    await waitFor(() => expect(screen.queryByText(answersEn.rules.invalidEmail)).toBeNull());
    expect(email.getAttribute('aria-invalid')).toBeNull();
    // The other field keeps its own problem until it is fixed too.
    const password = screen.getByLabelText('Password');
    expect(problemOf(password)).toBe(answersEn.rules.requiredField);
    await user.type(password, 'p');
    await waitFor(() => expect(problemOf(password)).toBeUndefined());
  });

  it("shows the server's per-field problems on their fields, once", async () => {
    const problem = answersEn.auth.passwordTooLong({ maxLength: 64 });
    mockFetch({
      'POST /api/user/login': () =>
        jsonResponse(
          { success: false, error: answersEn.http.validationFailed, fields: { password: problem } },
          400,
        ),
    });
    const { user } = renderApp('/login');
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    const password = screen.getByLabelText('Password');
    await user.type(password, 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    await waitFor(() => expect(problemOf(password)).toBe(problem));
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText(problem)).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(answersEn.http.validationFailed)).toBeNull();

    // Changed, the field is no longer what the server refused.
    await user.type(password, '!');
    await waitFor(() => expect(screen.queryByText(problem)).toBeNull());
  });

  it("takes the register form's message away once the passwords match", async () => {
    const { actionCalls } = mockFetch();
    const { user } = renderApp('/register');
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse battery');
    const confirm = screen.getByLabelText('Confirm password');
    await user.type(confirm, 'correct horse');
    await user.click(screen.getByLabelText(termsLabel));
    await user.click(screen.getByRole('button', { name: 'Register' }));
    const problem = answersEn.auth.registerInvalid({ minLength: testSite.passwordMinLength });
    expect((await screen.findByRole('alert')).textContent).toBe(problem);

    await user.type(confirm, ' battery');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(screen.queryByText(problem)).toBeNull();
    expect(actionCalls()).toEqual([]);
  });

  it('puts a too-short new password under the field, and the mismatch after the fields', async () => {
    const { actionCalls } = mockFetch();
    const { user } = renderApp(
      '/resetpassword?email=ada%40example.com&edit=reset-token-0123456789',
    );
    const password = await screen.findByLabelText('New password');
    const confirm = screen.getByLabelText('Confirm new password');
    await user.type(password, 'short');
    await user.type(confirm, 'short');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    const tooShort = answersEn.auth.passwordTooShort({ minLength: testSite.passwordMinLength });
    await waitFor(() => expect(problemOf(password)).toBe(tooShort));
    expect(screen.queryByRole('alert')).toBeNull();

    await user.type(password, ' and long');
    await waitFor(() => expect(screen.queryByText(tooShort)).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    const form = password.closest('form');
    if (!form) throw new Error('no form');
    expect((await within(form).findByRole('alert')).textContent).toBe(answersEn.auth.resetMismatch);
    // The alert follows the fields.
    const alert = within(form).getByRole('alert');
    expect(confirm.compareDocumentPosition(alert) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await user.type(confirm, ' and long');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(actionCalls()).toEqual([]);
  });

  it("shows the server's refusal of a field in a prompt dialog under its field", async () => {
    storeSession();
    const problem = moderationMessages.reasonTooLong;
    mockFetch({
      'GET /api/user/status': statusWithRole('moderator'),
      'GET /api/admin/users': () => jsonResponse([adminUser()]),
      'POST /api/admin/users/owner-1/ban': () =>
        jsonResponse({ success: false, error: problem, fields: { reason: problem } }, 400),
    });
    const { user } = renderApp('/admin/users?q=ada');
    const table = await screen.findByRole('table', { name: consoleMessages.users.heading });
    await user.click(within(table).getByRole('button', { name: /Ban/ }));
    const dialog = screen.getByRole('dialog', {
      name: consoleMessages.users.banTitle('ada@example.com'),
    });
    const reason = within(dialog).getByLabelText(consoleMessages.users.banReason);
    await user.type(reason, 'Spam everywhere');
    await user.click(
      within(dialog).getByRole('button', { name: consoleMessages.users.banConfirm }),
    );

    await waitFor(() => expect(problemOf(reason)).toBe(problem));
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
