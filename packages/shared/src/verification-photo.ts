import { z } from 'zod';

/**
 * The code a free verified ad's verification photo shows on its paper, beside the
 * site's name and the date: drawn by the database once per ad (migration 0012, the
 * default of `ads.verification_photo_code`, built from these constants in db/schema.ts),
 * so a photo taken for another ad or an older one cannot pass. Not a secret (it proves
 * nothing alone), but only the ad's owner and moderators are given it.
 *
 * Six characters from 32 that cannot be mistaken for each other when handwritten:
 * digits 2-9 and capitals without I and O (no 0/O, no 1/I).
 */
export const verificationPhotoCode = {
  alphabet: '23456789ABCDEFGHJKLMNPQRSTUVWXYZ',
  length: 6,
} as const;

export const verificationPhotoCodeSchema = z
  .string()
  .regex(new RegExp(`^[${verificationPhotoCode.alphabet}]{${verificationPhotoCode.length}}$`));

/** Where an uploaded photo goes: the ad's public photos, or its verification photo's slot. */
export const photoSlots = ['public', 'verification'] as const;
export type PhotoSlot = (typeof photoSlots)[number];

/** The ad types whose ads need a verification photo (DECISIONS.md: the free verified ad). */
export function needsVerificationPhoto(type: string): boolean {
  return type === 'free_verified';
}
