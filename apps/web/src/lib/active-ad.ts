import { adStorageKeys } from '@adboard/shared';

/**
 * The ad being posted or edited in this browser without an account session
 * (SPEC.md section 7): its id and edit token, kept in localStorage under 'activePost'.
 */
export interface ActiveAd {
  post_id: string;
  token: string;
}

export const activeAdKey = adStorageKeys.activeAd;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function isActiveAd(value: unknown): value is ActiveAd {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return typeof record.post_id === 'string' && typeof record.token === 'string';
}

export function readActiveAd(): ActiveAd | null {
  try {
    const raw = storage()?.getItem(activeAdKey);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as unknown;
    return isActiveAd(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function writeActiveAd(ad: ActiveAd): void {
  try {
    storage()?.setItem(activeAdKey, JSON.stringify(ad));
  } catch {
    // Quota or privacy settings: the token then only lives in the emailed link.
  }
}

export function clearActiveAd(): void {
  try {
    storage()?.removeItem(activeAdKey);
  } catch {
    // Nothing stored that we could remove.
  }
}

/** The `edit-token` header value for an ad: its stored token, or 'none'. */
export function editTokenFor(adId: string | null | undefined): string {
  const active = readActiveAd();
  return active && adId && active.post_id === adId ? active.token : 'none';
}
