/**
 * The ad being posted or edited in this browser without an account session
 * (SPEC.md section 7): its id and edit token, kept in localStorage under 'activePost'.
 */
export interface ActivePost {
  post_id: string;
  token: string;
}

export const activePostKey = 'activePost';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function isActivePost(value: unknown): value is ActivePost {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return typeof record.post_id === 'string' && typeof record.token === 'string';
}

export function readActivePost(): ActivePost | null {
  try {
    const raw = storage()?.getItem(activePostKey);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as unknown;
    return isActivePost(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function writeActivePost(post: ActivePost): void {
  try {
    storage()?.setItem(activePostKey, JSON.stringify(post));
  } catch {
    // Quota or privacy settings: the token then only lives in the emailed link.
  }
}

export function clearActivePost(): void {
  try {
    storage()?.removeItem(activePostKey);
  } catch {
    // Nothing stored that we could remove.
  }
}

/** The `edit-token` header value for an ad: its stored token, or 'none'. */
export function editTokenFor(postId: string | null | undefined): string {
  const active = readActivePost();
  return active && postId && active.post_id === postId ? active.token : 'none';
}
