import { ApiError } from '../../lib/api';

/** The server's per-field problems of a failed call, if any. */
export function fieldErrors(error: unknown): Readonly<Record<string, string>> {
  return error instanceof ApiError ? error.fields : {};
}

/** `/verifyemail?email=...` for an address. */
export function verifyEmailPath(email: string): string {
  return `/verifyemail?${new URLSearchParams({ email }).toString()}`;
}
