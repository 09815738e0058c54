import { describe, expect, it } from 'vitest';
import { messagesOf } from '../i18n/catalogue.js';
import { catalogueAreas } from '../i18n/catalogues/index.js';
import { sayIn } from '../i18n/catalogues/say.js';
import {
  changePasswordBodySchema,
  registerBodySchema,
  registerFormProblem,
  verifyEmailBodySchema,
} from './account.js';

const answersEn = messagesOf(catalogueAreas.answers, 'en');
/** A schema's named text in English, as an English reader gets it. */
const english = (text: string | null | undefined) => (text == null ? text : sayIn('en', text));

describe('registerFormProblem', () => {
  const ok = { email: 'jane@example.com', password: 'long enough', confirm: 'long enough' };

  it('accepts a valid email and matching passwords of the minimum length', () => {
    expect(registerFormProblem(ok, 8)).toBeNull();
    expect(registerFormProblem({ ...ok, password: '12345678', confirm: '12345678' }, 8)).toBeNull();
  });

  it('refuses a password shorter than the minimum, naming the minimum', () => {
    const problem = english(registerFormProblem({ ...ok, password: 'short', confirm: 'short' }, 8));
    expect(problem).toBe(answersEn.auth.registerInvalid({ minLength: 8 }));
    expect(problem).toContain('8');
    expect(english(registerFormProblem({ ...ok }, 12))).toBe(
      answersEn.auth.registerInvalid({ minLength: 12 }),
    );
  });

  it('counts characters as the server does, not UTF-16 units', () => {
    const fourEmoji = '🔒🔑🔐🚪';
    expect(fourEmoji.length).toBe(8);
    expect(
      english(registerFormProblem({ ...ok, password: fourEmoji, confirm: fourEmoji }, 8)),
    ).toBe(answersEn.auth.registerInvalid({ minLength: 8 }));
  });

  it('refuses passwords that do not match', () => {
    expect(english(registerFormProblem({ ...ok, confirm: 'long enougH' }, 8))).toBe(
      answersEn.auth.registerInvalid({ minLength: 8 }),
    );
  });

  it.each(['jane', 'jane@', '@example.com', 'jane example.com', ''])(
    'refuses the email %j',
    (email) => {
      expect(english(registerFormProblem({ ...ok, email }, 8))).toBe(
        answersEn.auth.registerInvalid({ minLength: 8 }),
      );
    },
  );
});

describe('verifyEmailBodySchema', () => {
  const email = 'jane@example.com';

  it.each(['12345', 'abcdef', '1234567', '12345a', ''])('refuses the code %j', (code) => {
    const result = verifyEmailBodySchema.safeParse({ email, code });
    expect(result.success).toBe(false);
    expect(english(result.error?.issues[0]?.message)).toBe(answersEn.auth.verifyCodeFailed);
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
    expect(english(tooLong.error?.issues[0]?.message)).toBe(
      answersEn.auth.passwordTooLong({ maxLength: 256 }),
    );
  });

  it('needs a reset token of a plausible length to change a password', () => {
    const base = { email: 'jane@example.com', password: 'a new passphrase' };
    expect(changePasswordBodySchema.safeParse({ ...base, token: 'short' }).success).toBe(false);
    expect(changePasswordBodySchema.safeParse({ ...base, token: 'a'.repeat(43) }).success).toBe(
      true,
    );
  });
});
