import {
  createAdEndpoint,
  deleteAdEndpoint,
  getAd as getAdEndpoint,
  listMyAds,
  recordEvent,
  submitAdEndpoint,
  updateAdEndpoint,
  actionResultSchema,
  cityOptionSchema,
  countryOptionSchema,
  loginResultSchema,
  idempotencyKeyHeader,
  messages,
  openPaymentOrderResultSchema,
  paymentAddressSchema,
  paymentStatusSchema,
  photoListSchema,
  publicSiteSchema,
  registerResultSchema,
  renewAdResultSchema,
  userStatusSchema,
  validateAdResultSchema,
  validationErrorSchema,
  verifyEmailResultSchema,
  verifyResultSchema,
  type AnalyticsEventBody,
  type ChangePasswordBody,
  type CityOption,
  type CountryCode,
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
  type Ad,
  type AdListRow,
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
// The moderation console's contract, kept apart from the advertiser calls above.
import {
  adReviewSchema,
  adminRefundSchema,
  adminUserSchema,
  auditEntrySchema,
  dashboardSchema,
  decisionResultSchema,
  listPageSchema,
  previewLinkSchema,
  queuePageSchema,
  refundActionResultSchema,
  reportSchema,
  userActionResultSchema,
  type AdReview,
  type AdType,
  type AdminRefund,
  type AdminUser,
  type AuditEntry,
  type AuditTargetType,
  type Dashboard,
  type DecisionResult,
  type PreviewLink,
  type QueuePage,
  type RejectBody,
  type Report,
  type Role,
} from '@adboard/shared';
import { editTokenFor } from './active-ad';
import { call } from './client';
import { readSessionToken } from './session-store';

/**
 * LOCAL STAND-IN, to move to packages/shared: the body of every non-2xx answer,
 * `{ success: false, error, fields?, verifyEmail? }`. Built from the shared schemas.
 */
const apiErrorBodySchema = actionResultSchema.extend({
  fields: validationErrorSchema.shape.fields.optional(),
  verifyEmail: loginResultSchema.shape.verifyEmail,
});

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

/** `{ success: true }` answers; a 2xx with `success: false` still counts as a failure. */
async function action(path: string, body?: unknown, options?: RequestOptions): Promise<void> {
  const result = await request('POST', path, actionResultSchema, body, options);
  if (!result.success) throw unsuccessful(result.error);
}

const countryListSchema = countryOptionSchema.array();
const cityListSchema = cityOptionSchema.array();

/** Verification answers; `success: false` rejects with the server's error. */
async function verification(path: string, body: unknown): Promise<VerifyResult> {
  const result = await request('POST', path, verifyResultSchema, body);
  if (!result.success) throw unsuccessful(result.error);
  return result;
}

function paymentStatusPath(adId: string, address: string): string {
  return `/payment/status/BTC/${encodeURIComponent(adId)}/${encodeURIComponent(address)}`;
}

/** The photo calls of SPEC.md section 7 that take `{ postId, photoId }`. */
export type PhotoAction = 'primary' | 'delete' | 'verification';

export interface ValidateAdBody {
  fields: { phone?: string; backlink?: string; country?: CountryCode };
  /** The ad being edited, so its own backlink does not count as taken. */
  updated?: string;
}

export interface VerifyAdEmailBody {
  email: string;
  token: string;
  id: string;
}

/** POST /api/refund/address: the mailed link's token and the payer's Bitcoin address. */
export interface RefundAddressBody {
  token: string;
  address: string;
}

export interface VerifyPhoneBody {
  id: string;
  phone?: string;
  token?: string;
}

export interface VerifyPhoneCodeBody {
  id: string;
  code: string;
  token?: string;
}

export const api = {
  getSite(): Promise<PublicSite> {
    return request('GET', '/api/site', publicSiteSchema);
  },

  userStatus(): Promise<UserStatus> {
    return request('GET', '/api/user/status', userStatusSchema);
  },

  /**
   * Resolves with the signed-in user when completed registration needed no code
   * (the ad's activation link had proved the email), else null: a code was mailed.
   */
  async register(body: RegisterBody): Promise<SessionUser | null> {
    const result = await request('POST', '/api/user/register', registerResultSchema, body);
    if (!result.success) throw unsuccessful(result.error);
    return result.user ?? null;
  },

  /** Resolves with the signed-in user; a wrong code rejects with the server's error. */
  async verifyEmail(body: VerifyEmailBody): Promise<SessionUser> {
    const result = await request('POST', '/api/user/verifyemail', verifyEmailResultSchema, body);
    if (!result.success || !result.user) throw unsuccessful(result.error);
    return result.user;
  },

  resendCode(body: ResendCodeBody): Promise<void> {
    return action('/api/user/resendcode', body);
  },

  /** Rejects with an ApiError; `verifyEmail` is set when the email still needs its code. */
  async login(body: LoginBody): Promise<SessionUser> {
    const result = await request('POST', '/api/user/login', loginResultSchema, body);
    if (!result.success || !result.data) throw unsuccessful(result.error, result.verifyEmail);
    return result.data;
  },

  logout(): Promise<void> {
    return action('/api/user/logout');
  },

  resetPassword(body: ResetPasswordBody): Promise<void> {
    return action('/api/user/resetpassword', body);
  },

  changePassword(body: ChangePasswordBody): Promise<void> {
    return action('/api/user/changepassword', body);
  },

  getMyAds(): Promise<AdListRow[]> {
    return call(listMyAds, {});
  },

  getCountries(): Promise<CountryOption[]> {
    return request('GET', '/api/countries', countryListSchema);
  },

  getCities(country: string): Promise<CityOption[]> {
    const query = new URLSearchParams({ country }).toString();
    return request('GET', `/api/cities?${query}`, cityListSchema);
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
    const path = `/api/post/${encodeURIComponent(id)}/renew`;
    return (await request('POST', path, renewAdResultSchema, undefined, { adId: id })).status;
  },

  /**
   * POST /photo/primary, /photo/delete or /photo/verification: answers the ad's
   * whole photo list. (Uploads go through lib/photo-upload.ts for their progress.)
   */
  changePhoto(action: PhotoAction, adId: string, photoId: string): Promise<Photo[]> {
    return request(
      'POST',
      `/photo/${action}`,
      photoListSchema,
      { postId: adId, photoId },
      {
        adId: adId,
      },
    );
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
    const path = ['BTC', adId, product, optionId].map(encodeURIComponent).join('/');
    return request('GET', `/payment/address/${path}`, paymentAddressSchema, undefined, {
      adId: adId,
      ...(idempotencyKey === undefined ? {} : { idempotencyKey }),
    });
  },

  /**
   * GET /payment/order/BTC/{postId}: the ad's open order (not complete, address
   * not expired), or null. The payment view shows it again after a reload.
   */
  async getOpenPaymentOrder(adId: string): Promise<OpenPaymentOrder | null> {
    const path = `/payment/order/BTC/${encodeURIComponent(adId)}`;
    return (await request('GET', path, openPaymentOrderResultSchema, undefined, { adId: adId }))
      .order;
  },

  /** GET /payment/status/BTC/{postId}/{address}: the status as the server knows it. */
  getPaymentStatus(adId: string, address: string): Promise<PaymentStatusResult> {
    return request('GET', paymentStatusPath(adId, address), paymentStatusSchema, undefined, {
      adId: adId,
    });
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
    return request(
      'POST',
      paymentStatusPath(adId, address),
      paymentStatusSchema,
      { status },
      { adId: adId },
    );
  },

  /**
   * POST /api/refund/address: where to send the refund of a rejected paid ad. A bad
   * address rejects with `fields.address`; a used or unknown link with the server's error.
   */
  giveRefundAddress(body: RefundAddressBody): Promise<void> {
    return action('/api/refund/address', body);
  },

  /** Server checks of the phone and backlink; a field not sent answers true. */
  validateAd(body: ValidateAdBody): Promise<ValidateAdResult> {
    return request('POST', '/validate/ad', validateAdResultSchema, body, {
      adId: body.updated ?? null,
    });
  },

  verifyAdEmail(body: VerifyAdEmailBody): Promise<VerifyResult> {
    return verification('/api/verify/email', body);
  },

  verifyPhone(body: VerifyPhoneBody): Promise<VerifyResult> {
    return verification('/api/verify/phone', body);
  },

  verifyPhoneCode(body: VerifyPhoneCodeBody): Promise<VerifyResult> {
    return verification('/api/verify/phone-validate', body);
  },

  /** POST /api/event, fire and forget: a failure is only logged. */
  sendEvent(body: AnalyticsEventBody): void {
    call(recordEvent, { body }).catch((error: unknown) => {
      console.warn('Analytics event not recorded', body.event, error);
    });
  },
};

// ---- Moderation console and preview links (issue 6) -----------------------------------

const reportPageSchema = listPageSchema(reportSchema);
const refundPageSchema = listPageSchema(adminRefundSchema);
const auditPageSchema = listPageSchema(auditEntrySchema);
const adminUserListSchema = adminUserSchema.array();

/** One page of a console list, as the server pages it. */
export interface ListPage<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}
export type ReportPage = ListPage<Report>;
export type RefundPage = ListPage<AdminRefund>;
export type AuditPage = ListPage<AuditEntry>;
export type RefundState = AdminRefund['state'];
export type ReportState = 'open' | 'resolved';

/** `?a=1&b=2` of the parameters that have a value, or ''. */
function queryOf(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

const segment = encodeURIComponent;

async function userAction(
  userId: string,
  verb: 'ban' | 'unban' | 'role',
  body?: unknown,
): Promise<AdminUser> {
  const path = `/api/admin/users/${segment(userId)}/${verb}`;
  return (await request('POST', path, userActionResultSchema, body)).user;
}

/** The moderator API under /api/admin (contract: packages/shared/src/schemas/admin.ts). */
export const adminApi = {
  dashboard(): Promise<Dashboard> {
    return request('GET', '/api/admin/dashboard', dashboardSchema);
  },

  queue(query: { site?: string; city?: string; type?: AdType; page?: number }): Promise<QueuePage> {
    return request('GET', `/api/admin/queue${queryOf(query)}`, queuePageSchema);
  },

  review(adId: string): Promise<AdReview> {
    return request('GET', `/api/admin/posts/${segment(adId)}`, adReviewSchema);
  },

  approve(adId: string): Promise<DecisionResult> {
    return request('POST', `/api/admin/posts/${segment(adId)}/approve`, decisionResultSchema);
  },

  reject(adId: string, body: RejectBody): Promise<DecisionResult> {
    return request('POST', `/api/admin/posts/${segment(adId)}/reject`, decisionResultSchema, body);
  },

  reports(query: { state: ReportState; page?: number }): Promise<ReportPage> {
    return request('GET', `/api/admin/reports${queryOf(query)}`, reportPageSchema);
  },

  dismissReport(reportId: string): Promise<void> {
    return action(`/api/admin/reports/${segment(reportId)}/dismiss`, {});
  },

  refunds(query: { state?: RefundState; page?: number }): Promise<RefundPage> {
    return request('GET', `/api/admin/refunds${queryOf(query)}`, refundPageSchema);
  },

  /** Answers the refund as it now stands. */
  async markRefundSent(refundId: string, txid: string): Promise<AdminRefund> {
    const path = `/api/admin/refunds/${segment(refundId)}/sent`;
    return (await request('POST', path, refundActionResultSchema, { txid })).refund;
  },

  searchUsers(q: string): Promise<AdminUser[]> {
    return request('GET', `/api/admin/users${queryOf({ q })}`, adminUserListSchema);
  },

  /** Ban, unban and role changes answer the user as they now stand. */
  ban(userId: string, reason: string): Promise<AdminUser> {
    return userAction(userId, 'ban', { reason });
  },

  unban(userId: string): Promise<AdminUser> {
    return userAction(userId, 'unban');
  },

  setRole(userId: string, role: Role): Promise<AdminUser> {
    return userAction(userId, 'role', { role });
  },

  audit(query: {
    targetType?: AuditTargetType;
    targetId?: string;
    page?: number;
  }): Promise<AuditPage> {
    return request('GET', `/api/admin/audit${queryOf(query)}`, auditPageSchema);
  },
};

/**
 * POST /api/post/{id}/preview: a link to the ad's page on its city subdomain with a
 * short-lived preview token (the page is another origin, so the session cannot go
 * along). Sent with the session and the ad's edit token, as the other ad calls.
 */
export function previewLink(adId: string): Promise<PreviewLink> {
  return request('POST', `/api/post/${segment(adId)}/preview`, previewLinkSchema, undefined, {
    adId: adId,
  });
}
