/** `/verifyemail?email=...` for an address. */
export function verifyEmailPath(email: string): string {
  return `/verifyemail?${new URLSearchParams({ email }).toString()}`;
}
