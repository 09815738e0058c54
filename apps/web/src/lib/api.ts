import {
  apiErrorBodySchema,
  changePasswordEndpoint,
  checkPaymentStatusEndpoint,
  checkPhoneCodeEndpoint,
  chooseVerificationPhoto,
  createAdEndpoint,
  createPreviewLinkEndpoint,
  deleteAdEndpoint,
  deletePhoto,
  getAd as getAdEndpoint,
  getSiteEndpoint,
  idempotencyKeyHeader,
  listCities,
  listCountries,
  listMyAds,
  loginEndpoint,
  logoutEndpoint,
  makePhotoPrimary,
  messages,
  openPaymentOrderEndpoint,
  paymentAddressEndpoint,
  paymentStatusEndpoint,
  recordEvent,
  refundAddressEndpoint,
  registerEndpoint,
  renewAdEndpoint,
  resendCodeEndpoint,
  resetPasswordEndpoint,
  sendPhoneCodeEndpoint,
  submitAdEndpoint,
  updateAdEndpoint,
  userStatusEndpoint,
  validateAdEndpoint,
  verifyAdEmailEndpoint,
  verifyEmailEndpoint,
  type Ad,
  type AdListRow,
  type AnalyticsEventBody,
  type BodyInputOf,
  type ChangePasswordBody,
  type CityOption,
  type CountryOption,
  type CreateAdBody,
  type CreateAdResult,
  type LoginBody,
  type OpenPaymentOrder,
  type PaymentAddress,
  type PaymentProduct,
  type PaymentStatus,
  type PaymentStatusResult,
  type Photo,
  type PreviewLink,
  type PublicSite,
  type RegisterBody,
  type ResendCodeBody,
  type ResetPasswordBody,
  type SessionUser,
  type UpdateAdBody,
  type UserStatus,
  type ValidateAdResult,
  type VerifyEmailBody,
  type VerifyResult,
} from '@adboard/shared';
import { editTokenFor } from './active-ad';
import { call } from './client';
import { readSessionToken } from './session-store';

/** A failed call. `status` 0 means the server could not be reached. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  /** The server's own error text, when it sent one. */
  readonly serverError: string | undefined;
  /** Per-field problems of a validation failure. */
  readonly fields: Readonly<Record<string, string>>;
  /** Seconds to wait, from the Retry-After header of a 429. */
  readonly retryAfterSeconds: number | undefined;
  /** Login only: the password was right but the email still needs its code. */
  readonly verifyEmail: boolean;

  constructor(
    status: number,
    message: string,
    details: {
      serverError?: string | undefined;
      fields?: Record<string, string> | undefined;
      retryAfterSeconds?: number | undefined;
      verifyEmail?: boolean | undefined;
    } = {},
  ) {
    super(message);
    this.status = status;
    this.serverError = details.serverError;
    this.fields = details.fields ?? {};
    this.retryAfterSeconds = details.retryAfterSeconds;
    this.verifyEmail = details.verifyEmail ?? false;
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

/**
 * The text to show for a failed call: the server's error when it sent one, the
 * network message when it could not be reached, the wait message for a bare 429,
 * else the screen's own fallback from the catalogue.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.isNetworkError) return messages.http.networkError;
  if (error.serverError) return error.serverError;
  if (error.status === 429) return error.message;
  return fallback;
}

interface Schema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false };
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export interface RequestOptions {
  /** An ad call: sends `edit-token` with this ad's stored token, or 'none'. */
  adId?: string | null;
  /**
   * Sent as `Idempotency-Key`: the same key again (a retry, a double click) gets
   * the first answer and the server does nothing twice (lib/request-key.ts).
   */
  idempotencyKey?: string;
}

function retryAfter(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

async function readJson(response: Response): Promise<unknown> {
  return parseJson(await response.text());
}

/**
 * The ApiError of a non-2xx answer, from its status, body text and Retry-After
 * header; shared by fetch calls and the XMLHttpRequest photo uploads.
 */
export function apiErrorFrom(
  status: number,
  bodyText: string,
  retryAfterHeader: string | null,
): ApiError {
  const body = apiErrorBodySchema.safeParse(parseJson(bodyText));
  const seconds = retryAfter(retryAfterHeader);
  const serverError = body.success && body.data.error ? body.data.error : undefined;
  const generic =
    status === 429
      ? messages.http.tooManyRequests(seconds ?? 60)
      : status >= 500
        ? messages.http.internalError
        : status === 404
          ? messages.http.notFound
          : status === 403
            ? messages.http.forbidden
            : messages.http.validationFailed;
  return new ApiError(status, serverError ?? generic, {
    serverError,
    fields: body.success ? body.data.fields : undefined,
    retryAfterSeconds: seconds,
    verifyEmail: body.success ? body.data.verifyEmail : undefined,
  });
}

async function failure(response: Response): Promise<ApiError> {
  return apiErrorFrom(response.status, await response.text(), response.headers.get('retry-after'));
}

/** The headers of every call: the stored session, and the ad's edit token for ad calls. */
export function authHeaders(options: RequestOptions = {}): Record<string, string> {
  const headers: Record<string, string> = {};
  const session = readSessionToken();
  if (session) headers.session = session;
  if (options.adId !== undefined) headers['edit-token'] = editTokenFor(options.adId);
  if (options.idempotencyKey !== undefined) headers[idempotencyKeyHeader] = options.idempotencyKey;
  return headers;
}

/** One JSON call: session header when stored, answer parsed with the shared schema. */
export async function request<T>(
  method: Method,
  path: string,
  schema: Schema<T>,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...authHeaders(options) };
  if (body !== undefined) headers['content-type'] = 'application/json';

  let response: Response;
  try {
    response = await globalThis.fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, messages.http.networkError);
  }

  if (!response.ok) throw await failure(response);

  const parsed = schema.safeParse(await readJson(response));
  if (!parsed.success) throw new ApiError(response.status, messages.http.internalError);
  return parsed.data;
}

/** A 2xx answer that says `success: false` or lacks the user: treated like an error answer. */
function unsuccessful(error: string | undefined, verifyEmail?: boolean): ApiError {
  return new ApiError(200, error ?? messages.http.internalError, {
    serverError: error,
    verifyEmail,
  });
}

/** Verification answers; `success: false` rejects with the server's error. */
function verified(result: VerifyResult): VerifyResult {
  if (!result.success) throw unsuccessful(result.error);
  return result;
}

/** The photo calls of SPEC.md section 7 that take `{ postId, photoId }`. */
export type PhotoAction = 'primary' | 'delete' | 'verification';
const photoEndpoints = {
  primary: makePhotoPrimary,
  delete: deletePhoto,
  verification: chooseVerificationPhoto,
} as const;

export type ValidateAdBody = BodyInputOf<typeof validateAdEndpoint>;
export type VerifyAdEmailBody = BodyInputOf<typeof verifyAdEmailEndpoint>;
export type RefundAddressBody = BodyInputOf<typeof refundAddressEndpoint>;
export type VerifyPhoneBody = BodyInputOf<typeof sendPhoneCodeEndpoint>;
export type VerifyPhoneCodeBody = BodyInputOf<typeof checkPhoneCodeEndpoint>;

/** The advertiser's calls, each a declared endpoint of packages/shared/src/contract. */
export const api = {
  getSite(): Promise<PublicSite> {
    return call(getSiteEndpoint, {});
  },

  userStatus(): Promise<UserStatus> {
    return call(userStatusEndpoint, {});
  },

  /**
   * Resolves with the signed-in user when completed registration needed no code
   * (the ad's activation link had proved the email), else null: a code was mailed.
   */
  async register(body: RegisterBody): Promise<SessionUser | null> {
    const result = await call(registerEndpoint, { body });
    return result.user ?? null;
  },

  /** Resolves with the signed-in user; a wrong code rejects with the server's error. */
  async verifyEmail(body: VerifyEmailBody): Promise<SessionUser> {
    const result = await call(verifyEmailEndpoint, { body });
    if (!result.success || !result.user) throw unsuccessful(result.error);
    return result.user;
  },

  async resendCode(body: ResendCodeBody): Promise<void> {
    await call(resendCodeEndpoint, { body });
  },

  /** Rejects with an ApiError; `verifyEmail` is set when the email still needs its code. */
  async login(body: LoginBody): Promise<SessionUser> {
    const result = await call(loginEndpoint, { body });
    if (!result.success || !result.data) throw unsuccessful(result.error, result.verifyEmail);
    return result.data;
  },

  async logout(): Promise<void> {
    await call(logoutEndpoint, {});
  },

  async resetPassword(body: ResetPasswordBody): Promise<void> {
    await call(resetPasswordEndpoint, { body });
  },

  async changePassword(body: ChangePasswordBody): Promise<void> {
    await call(changePasswordEndpoint, { body });
  },

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

  /**
   * POST /photo/primary, /photo/delete or /photo/verification: answers the ad's
   * whole photo list. (Uploads go through lib/photo-upload.ts for their progress.)
   */
  changePhoto(action: PhotoAction, adId: string, photoId: string): Promise<Photo[]> {
    return call(photoEndpoints[action], { body: { postId: adId, photoId } }, { adId });
  },

  /**
   * GET /payment/address/BTC/{postId}/{product}/{optionId}: the order's address and
   * amounts. The server creates the order, or answers the one still open.
   */
  getPaymentAddress(
    adId: string,
    product: PaymentProduct,
    optionId: string,
    idempotencyKey?: string,
  ): Promise<PaymentAddress> {
    return call(
      paymentAddressEndpoint,
      { params: { postId: adId, product, optionId } },
      { adId, ...(idempotencyKey === undefined ? {} : { idempotencyKey }) },
    );
  },

  /**
   * GET /payment/order/BTC/{postId}: the ad's open order (not complete, address
   * not expired), or null. The payment view shows it again after a reload.
   */
  async getOpenPaymentOrder(adId: string): Promise<OpenPaymentOrder | null> {
    return (await call(openPaymentOrderEndpoint, { params: { postId: adId } }, { adId })).order;
  },

  /** GET /payment/status/BTC/{postId}/{address}: the status as the server knows it. */
  getPaymentStatus(adId: string, address: string): Promise<PaymentStatusResult> {
    return call(paymentStatusEndpoint, { params: { postId: adId, address } }, { adId });
  },

  /**
   * POST /payment/status/BTC/{postId}/{address} { status }: the status this page saw
   * change. Only a request to check now: the answer is the server's status.
   */
  pushPaymentStatus(
    adId: string,
    address: string,
    status: PaymentStatus,
  ): Promise<PaymentStatusResult> {
    return call(
      checkPaymentStatusEndpoint,
      { params: { postId: adId, address }, body: { status } },
      { adId },
    );
  },

  /**
   * POST /api/refund/address: where to send the refund of a rejected paid ad. A bad
   * address rejects with `fields.address`; a used or unknown link with the server's error.
   */
  async giveRefundAddress(body: RefundAddressBody): Promise<void> {
    await call(refundAddressEndpoint, { body });
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
