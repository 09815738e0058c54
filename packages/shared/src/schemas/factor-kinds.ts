/** The kinds of second factor an account may hold (the table's check is made from it). */
export const secondFactorKinds = ['totp', 'passkey'] as const;
export type SecondFactorKind = (typeof secondFactorKinds)[number];
