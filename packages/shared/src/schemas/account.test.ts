import { describe, expect, it } from 'vitest';
import { messages } from '../messages.js';
import {
  changePasswordBodySchema,
  registerBodySchema,
  registerFormProblem,
  verifyEmailBodySchema,
} from './account.js';

describe('registerFormProblem', () => {
  const ok = { email: 'jane@example.com', password: 'long enough', confirm: 'long enough' };

  it('accepts a valid email and matching passwords of the minimum length', () => {
    expect(registerFormProblem(ok, 8)).toBeNull();
    expect(registerFormProblem({ ...ok, password: '12345678', confirm: '12345678' }, 8)).toBeNull();
  });

  it('refuses a password shorter than the minimum, naming the minimum', () => {
    const problem = registerFormProblem({ ...ok, password: 'short', confirm: 'short' }, 8);
    expect(problem).toBe(messages.auth.registerInvalid(8));
    expect(problem).toContain('8');
    expect(registerFormProblem({ ...ok }, 12)).toBe(messages.auth.registerInvalid(12));
  });

  it('counts characters as the server does, not UTF-16 units', () => {
    const fourEmoji = '🔒🔑🔐🚪';
    expect(fourEmoji.length).toBe(8);
    expect(registerFormProblem({ ...ok, password: fourEmoji, confirm: fourEmoji }, 8)).toBe(
      messages.auth.registerInvalid(8),
    );
  });

  it('refuses passwords that do not match', () => {
    expect(registerFormProblem({ ...ok, confirm: 'long enougH' }, 8)).toBe(
      messages.auth.registerInvalid(8),
    );
  });

  it.each(['jane', 'jane@', '@example.com', 'jane example.com', ''])(
    'refuses the email %j',
    (email) => {
      expect(registerFormProblem({ ...ok, email }, 8)).toBe(messages.auth.registerInvalid(8));
    },
  );
});

describe('verifyEmailBodySchema', () => {
  const email = 'jane@example.com';

  it.each(['12345', 'abcdef', '1234567', '12345a', ''])('refuses the code %j', (code) => {
    const result = verifyEmailBodySchema.safeParse({ email, code });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(messages.auth.verifyCodeFailed);
  });

  it('accepts six digits, leading zeros kept', () => {
    expect(verifyEmailBodySchema.parse({ email, code: '012345' })).toEqual({
      email,
      code: '012345',
    });
  });
});

describe('account body schemas', () => {
  it('trims the email and bounds the password at 256 characters', () => {
    expect(registerBodySchema.parse({ email: ' jane@example.com ', password: 'x' }).email).toBe(
      'jane@example.com',
    );
    expect(
      registerBodySchema.safeParse({ email: 'jane@example.com', password: 'x'.repeat(256) })
        .success,
    ).toBe(true);
    const tooLong = registerBodySchema.safeParse({
      email: 'jane@example.com',
      password: 'x'.repeat(257),
    });
    expect(tooLong.error?.issues[0]?.message).toBe(messages.auth.passwordTooLong(256));
  });

  it('needs a reset token of a plausible length to change a password', () => {
    const base = { email: 'jane@example.com', password: 'a new passphrase' };
    expect(changePasswordBodySchema.safeParse({ ...base, token: 'short' }).success).toBe(false);
    expect(changePasswordBodySchema.safeParse({ ...base, token: 'a'.repeat(43) }).success).toBe(
      true,
    );
  });
});
