import { messages } from '@adboard/shared';
import { describe, expect, it } from 'vitest';
import { isCommonPassword, passwordProblem } from './passwords.js';

describe('passwordProblem', () => {
  it('refuses a password shorter than the minimum, naming the minimum', () => {
    expect(passwordProblem('seven77', 8)).toBe(messages.auth.passwordTooShort(8));
    expect(passwordProblem('a bit longer', 16)).toBe(messages.auth.passwordTooShort(16));
  });

  it('accepts a password of exactly the minimum length', () => {
    expect(passwordProblem('qz7!kv2#', 8)).toBeNull();
  });

  it('counts characters, not UTF-16 units', () => {
    expect(passwordProblem('🔒🔒🔒🔒', 8)).toBe(messages.auth.passwordTooShort(8));
    expect(passwordProblem('🔒🔑🗝️🚪🔐🛡️🧱🪪', 8)).toBeNull();
  });

  it('refuses a common password', () => {
    expect(passwordProblem('password1234', 8)).toBe(messages.auth.passwordTooCommon);
    expect(passwordProblem('iloveyou', 8)).toBe(messages.auth.passwordTooCommon);
  });

  it('accepts a long uncommon passphrase', () => {
    expect(passwordProblem('correct horse battery staple', 8)).toBeNull();
  });
});

describe('isCommonPassword', () => {
  it('finds common passwords whatever their case', () => {
    expect(isCommonPassword('iloveyou')).toBe(true);
    expect(isCommonPassword('ILoveYou')).toBe(true);
    expect(isCommonPassword('PASSWORD1234')).toBe(true);
  });

  it('does not flag an uncommon password', () => {
    expect(isCommonPassword('zq8#Lm2!vR9p')).toBe(false);
  });
});
