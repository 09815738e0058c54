import { storageKeys } from '@adboard/shared';
import { describe, expect, it } from 'vitest';
import { testUser } from '../test/helpers';
import {
  clearStoredSession,
  readSessionToken,
  readStoredSession,
  writeStoredSession,
} from './session-store';

describe('session store', () => {
  it('stores session, email and userId under the shared keys', () => {
    writeStoredSession(testUser);
    expect(window.localStorage.getItem(storageKeys.session)).toBe(testUser.token);
    expect(window.localStorage.getItem(storageKeys.email)).toBe(testUser.email);
    expect(window.localStorage.getItem(storageKeys.userId)).toBe(testUser.user_id);
    expect(readStoredSession()).toEqual({
      session: testUser.token,
      email: testUser.email,
      userId: testUser.user_id,
    });
  });

  it('reads nothing without a session token', () => {
    window.localStorage.setItem(storageKeys.email, 'left@over.example');
    expect(readStoredSession()).toBeNull();
    expect(readSessionToken()).toBeNull();
  });

  it('clears the three items', () => {
    writeStoredSession(testUser);
    clearStoredSession();
    expect(window.localStorage.length).toBe(0);
    expect(readStoredSession()).toBeNull();
  });
});
