import { adStorageKeys } from '@adboard/shared';

/**
 * The names of the wizard's local drafts in browser storage (ad-draft.ts keeps the
 * drafts themselves). Apart from the drafts' schema so that sign-out can forget a
 * signed-in user's drafts without loading the wizard.
 */

export interface DraftOwner {
  siteId: string;
  /** The signed-in user's id; null when nobody is signed in. */
  userId: string | null;
}

const signedInPerson = 'user-';

/** The storage key of one ad's draft: `adDraft:<site>:<user-<id> | anon>:<ad id | new>`. */
export function draftKey(owner: DraftOwner, adId: string | null): string {
  const person = owner.userId ? `${signedInPerson}${owner.userId}` : 'anon';
  return `${adStorageKeys.draftPrefix}${owner.siteId}:${person}:${adId ?? 'new'}`;
}

/** True for a draft's key. */
export function isDraftKey(key: string): boolean {
  return key.startsWith(adStorageKeys.draftPrefix);
}

/** True for the key of a draft a signed-in user wrote (any user of this browser). */
function isSignedInDraftKey(key: string): boolean {
  const person = key.slice(adStorageKeys.draftPrefix.length).split(':')[1] ?? '';
  return isDraftKey(key) && person.startsWith(signedInPerson);
}

/** Removes every signed-in user's draft from this browser (logout). */
export function clearSignedInDrafts(): void {
  try {
    const store = window.localStorage;
    const keys = Array.from({ length: store.length }, (_, index) => store.key(index));
    for (const key of keys) {
      if (key !== null && isSignedInDraftKey(key)) store.removeItem(key);
    }
  } catch {
    // Storage is missing or refused: nothing stored that we could remove.
  }
}
