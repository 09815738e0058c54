import {
  checkPhoneCodeEndpoint,
  chooseVerificationPhoto,
  createAdEndpoint,
  createPreviewLinkEndpoint,
  deleteAdEndpoint,
  deletePhoto,
  getAd as getAdEndpoint,
  listCities,
  listCountries,
  listMyAds,
  makePhotoPrimary,
  recordEvent,
  renewAdEndpoint,
  pauseAdEndpoint,
  resumeAdEndpoint,
  startAvailableEndpoint,
  endAvailableEndpoint,
  getVisitsEndpoint,
  putVisitsEndpoint,
  type AdToolResult,
  type PlannedVisit,
  type VisitsBody,
  sendPhoneCodeEndpoint,
  submitAdEndpoint,
  updateAdEndpoint,
  validateAdEndpoint,
  verifyAdEmailEndpoint,
  type Ad,
  type AdListRow,
  type AnalyticsEventBody,
  type BodyInputOf,
  type CityOption,
  type CountryOption,
  type CreateAdBody,
  type CreateAdResult,
  type Photo,
  type PreviewLink,
  type UpdateAdBody,
  type ValidateAdResult,
  type VerifyResult,
} from '@adboard/shared';
import { unsuccessful } from './api';
import { call } from './client';

/** The photo calls of SPEC.md section 7 that take `{ postId, photoId }`. */
export type PhotoAction = 'primary' | 'delete' | 'verification';
const photoEndpoints = {
  primary: makePhotoPrimary,
  delete: deletePhoto,
  verification: chooseVerificationPhoto,
} as const;

export type ValidateAdBody = BodyInputOf<typeof validateAdEndpoint>;
export type VerifyAdEmailBody = BodyInputOf<typeof verifyAdEmailEndpoint>;
export type VerifyPhoneBody = BodyInputOf<typeof sendPhoneCodeEndpoint>;
export type VerifyPhoneCodeBody = BodyInputOf<typeof checkPhoneCodeEndpoint>;

/** The advertiser's calls, each a declared endpoint of packages/shared/src/contract. */
/** Verification answers; `success: false` rejects with the server's error. */
function verified(result: VerifyResult): VerifyResult {
  if (!result.success) throw unsuccessful(result.error);
  return result;
}

/** The ad, photo and verification calls, each a declared endpoint of packages/shared/src/contract. */
export const adApi = {
  getMyAds(): Promise<AdListRow[]> {
    return call(listMyAds, {});
  },

  getCountries(): Promise<CountryOption[]> {
    return call(listCountries, {});
  },

  getCities(country: string): Promise<CityOption[]> {
    return call(listCities, { query: { country } });
  },

  /**
   * POST /api/posts: the new ad's id and its edit token. With an idempotency key,
   * the same key answers the same ad (a double click or a retry creates one).
   */
  createAd(body: CreateAdBody, options: { idempotencyKey?: string } = {}): Promise<CreateAdResult> {
    return call(createAdEndpoint, { body }, options);
  },

  getAd(id: string): Promise<Ad> {
    return call(getAdEndpoint, { params: { id } }, { adId: id });
  },

  /**
   * PATCH /api/post: the ad as saved, and whether the edit (of a live ad) waits
   * for a moderator's review while the approved version stays public.
   */
  async updateAd(
    body: UpdateAdBody & { post_id: string },
  ): Promise<{ post: Ad; awaitingReview: boolean }> {
    const result = await call(updateAdEndpoint, { body }, { adId: body.post_id });
    return { post: result.post, awaitingReview: result.awaitingReview === true };
  },

  async submitAd(id: string): Promise<Ad> {
    return (await call(submitAdEndpoint, { params: { id } }, { adId: id })).post;
  },

  async deleteAd(adId: string): Promise<void> {
    await call(deleteAdEndpoint, { body: { postId: adId } }, { adId });
  },

  /** POST /api/post/{id}/renew: a free ad goes back to review; answers its new status. */
  async renewAd(id: string): Promise<string> {
    return (await call(renewAdEndpoint, { params: { id } }, { adId: id })).status;
  },

  /** POST /api/post/{id}/pause: off the public pages, its time held (issue 29). */
  pauseAd(id: string): Promise<AdToolResult> {
    return call(pauseAdEndpoint, { params: { id } }, { adId: id });
  },

  /** POST /api/post/{id}/resume: public again, its held time running. */
  resumeAd(id: string): Promise<AdToolResult> {
    return call(resumeAdEndpoint, { params: { id } }, { adId: id });
  },

  /** POST /api/post/{id}/available: 'Available now' for `hours` hours. */
  startAvailable(id: string, hours: number): Promise<AdToolResult> {
    return call(
      startAvailableEndpoint,
      { params: { id }, body: { duration_hours: hours } },
      { adId: id },
    );
  },

  /** DELETE /api/post/{id}/available: ends it early. */
  endAvailable(id: string): Promise<AdToolResult> {
    return call(endAvailableEndpoint, { params: { id } }, { adId: id });
  },

  /** GET /api/post/{id}/visits: the visits to other cities not over yet, in order. */
  async getVisits(id: string): Promise<PlannedVisit[]> {
    return (await call(getVisitsEndpoint, { params: { id } }, { adId: id })).visits;
  },

  /** PUT /api/post/{id}/visits: the whole list (empty ends them all); answers it as stored. */
  async putVisits(id: string, body: VisitsBody): Promise<PlannedVisit[]> {
    return (await call(putVisitsEndpoint, { params: { id }, body }, { adId: id })).visits;
  },

  /**
   * POST /photo/primary, /photo/delete or /photo/verification: answers the ad's
   * whole photo list. (Uploads go through lib/photo-upload.ts for their progress.)
   */
  changePhoto(action: PhotoAction, adId: string, photoId: string): Promise<Photo[]> {
    return call(photoEndpoints[action], { body: { postId: adId, photoId } }, { adId });
  },

  /** Server checks of the phone and backlink; a field not sent answers true. */
  validateAd(body: ValidateAdBody): Promise<ValidateAdResult> {
    // `updated` names the ad being edited: its own edit token goes along.
    const adId = typeof body.updated === 'string' ? body.updated : null;
    return call(validateAdEndpoint, { body }, { adId });
  },

  async verifyAdEmail(body: VerifyAdEmailBody): Promise<VerifyResult> {
    return verified(await call(verifyAdEmailEndpoint, { body }));
  },

  async verifyPhone(body: VerifyPhoneBody): Promise<VerifyResult> {
    return verified(await call(sendPhoneCodeEndpoint, { body }));
  },

  async verifyPhoneCode(body: VerifyPhoneCodeBody): Promise<VerifyResult> {
    return verified(await call(checkPhoneCodeEndpoint, { body }));
  },

  /** POST /api/event, fire and forget: a failure is only logged. */
  sendEvent(body: AnalyticsEventBody): void {
    call(recordEvent, { body }).catch((error: unknown) => {
      console.warn('Analytics event not recorded', body.event, error);
    });
  },
};

/**
 * POST /api/post/{id}/preview: a link to the ad's page on its city subdomain with a
 * short-lived preview token (the page is another origin, so the session cannot go
 * along). Sent with the session and the ad's edit token, as the other ad calls.
 */
export function previewLink(adId: string): Promise<PreviewLink> {
  return call(createPreviewLinkEndpoint, { params: { id: adId } }, { adId });
}
