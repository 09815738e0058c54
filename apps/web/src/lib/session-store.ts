import { storageKeys, type SessionUser } from '@adboard/shared';

/** The signed-in user as kept in browser storage (SPEC.md section 3: session, email, userId). */
export interface StoredSession {
  session: string;
  email: string;
  userId: string;
}

/** Storage can be missing or throw (disabled cookies, private modes): treat that as empty. */
function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function read(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** The stored session token, or null when signed out. */
export function readSessionToken(): string | null {
  const token = read(storageKeys.session);
  return token ? token : null;
}

/** The stored session, or null when no session token is stored. */
export function readStoredSession(): StoredSession | null {
  const session = readSessionToken();
  if (!session) return null;
  return {
    session,
    email: read(storageKeys.email) ?? '',
    userId: read(storageKeys.userId) ?? '',
  };
}

export function writeStoredSession(user: SessionUser): void {
  const store = storage();
  if (!store) return;
  try {
    store.setItem(storageKeys.session, user.token);
    store.setItem(storageKeys.email, user.email);
    store.setItem(storageKeys.userId, user.user_id);
  } catch {
    // Quota or privacy settings: the session then lives only in memory for this tab.
  }
}

/** Removes the three stored items (logout, SPEC.md section 7). */
export function clearStoredSession(): void {
  const store = storage();
  if (!store) return;
  try {
    store.removeItem(storageKeys.session);
    store.removeItem(storageKeys.email);
    store.removeItem(storageKeys.userId);
  } catch {
    // Nothing stored that we could remove.
  }
}

/** True when a storage event (another tab) touched one of our keys. */
export function isSessionStorageKey(key: string | null): boolean {
  return key === null || (Object.values(storageKeys) as string[]).includes(key);
}
