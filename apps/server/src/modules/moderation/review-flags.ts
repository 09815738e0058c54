import { moderationMessages, type ReviewFlag } from '@adboard/shared';
import type { Db } from '../../db/database.js';
import type { AdRow } from '../ads/ad-repository.js';
import type { PhotoRow } from '../photos/photo-repository.js';
import { countContactsElsewhere, listSamePictureAds } from './ad-review-repository.js';

export interface SameOnAd {
  postId: string;
  ownerEmail: string | null;
  /** Posted by someone else (another email), not the same poster's other ad. */
  otherPoster: boolean;
}

export interface ReviewSignals {
  flags: ReviewFlag[];
  /** Other ads carrying each photo's picture, by perceptual hash. */
  sameOnAds: Map<string, SameOnAd[]>;
}

/**
 * What a moderator should look at twice. 'Elsewhere' means another poster: an
 * ad under a different email (an owned ad's email is its account's), so one
 * advertiser's ads in several cities do not flag each other. The same
 * picture is an exact match of the 64-bit perceptual hash: resizing and
 * re-encoding keep it, crops and edits may not (a near match by Hamming
 * distance would need a different index).
 */
export async function findReviewSignals(
  db: Db,
  ad: AdRow,
  photos: PhotoRow[],
  openReports: number,
): Promise<ReviewSignals> {
  const flags: ReviewFlag[] = [];
  for (const flag of ad.flags) {
    if (flag.kind === 'refused_words' && flag.words.length > 0) {
      flags.push({
        kind: 'refused_words',
        text: moderationMessages.flags.refusedWords(flag.words),
      });
    }
  }

  const { phone, email } = await countContactsElsewhere(db, ad);
  if (phone > 0) {
    flags.push({ kind: 'phone_elsewhere', text: moderationMessages.flags.phoneElsewhere(phone) });
  }
  if (email > 0) {
    flags.push({ kind: 'email_elsewhere', text: moderationMessages.flags.emailElsewhere(email) });
  }

  const sameOnAds = await findSamePictures(db, ad, photos);
  const otherPosterAds = new Set(
    [...sameOnAds.values()]
      .flat()
      .filter((s) => s.otherPoster)
      .map((s) => s.postId),
  );
  if (otherPosterAds.size > 0) {
    flags.push({
      kind: 'photo_elsewhere',
      text: moderationMessages.flags.photoElsewhere(otherPosterAds.size),
    });
  }
  if (openReports > 0) {
    flags.push({ kind: 'reports', text: moderationMessages.flags.reports(openReports) });
  }
  return { flags, sameOnAds };
}

async function findSamePictures(
  db: Db,
  ad: AdRow,
  photos: PhotoRow[],
): Promise<Map<string, SameOnAd[]>> {
  const result = new Map<string, SameOnAd[]>();
  if (photos.length === 0) return result;
  const rows = await listSamePictureAds(db, ad, [...new Set(photos.map((p) => p.phash))]);
  for (const row of rows) {
    const list = result.get(row.phash) ?? [];
    list.push({
      postId: String(row.ad_id),
      ownerEmail: row.owner_email,
      otherPoster: row.other_poster,
    });
    result.set(row.phash, list);
  }
  return result;
}
