import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { readOutbox } from './outbox.js';
import type { TestApp } from './test-app.js';
import { call } from './test-app.js';

type Response = Awaited<ReturnType<typeof call>>;

/** A complete, valid ad form as the browser sends it (values are strings). */
export const adForm = {
  name: 'Jade',
  title: 'Evening companion in Las Vegas',
  description: '<p>Friendly and <strong>discreet</strong>.</p>',
  age: '25',
  phone: '702-208-4567',
  ethnicity: 'asian',
  business: '',
  incalls: 'hotel',
  outcalls: 'any',
  country: 'US',
  city: 'las-vegas',
};

export interface CreatedAd {
  postId: string;
  token: string;
}

/** Who calls: a session, an edit token, both or neither. */
export function credentials(who: { session?: string; editToken?: string }): Record<string, string> {
  return {
    ...(who.session ? { session: who.session } : {}),
    ...(who.editToken ? { 'edit-token': who.editToken } : {}),
  };
}

/** POST /api/posts with the valid form, the type and any overrides. */
export async function postAd(
  app: FastifyInstance,
  options: {
    session?: string;
    email?: string;
    type?: string;
    overrides?: Record<string, unknown>;
    remoteAddress?: string;
    /** More request headers (an `accept-language`). */
    headers?: Record<string, string>;
  } = {},
): Promise<Response> {
  return call(app, 'POST', '/api/posts', {
    headers: { ...credentials({ session: options.session }), ...options.headers },
    body: {
      ...adForm,
      type: options.type ?? 'free_verified',
      ...(options.email ? { email: options.email } : {}),
      ...options.overrides,
    },
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
}

/** Creates an ad and answers its id and edit token; fails the test on a refusal. */
export async function createAd(
  app: FastifyInstance,
  options: Parameters<typeof postAd>[1] = {},
): Promise<CreatedAd> {
  const res = await postAd(app, options);
  if (res.status !== 200) throw new Error(`create answered ${res.status}: ${res.text}`);
  const { post_id: adId, token } = res.json as { post_id: string; token: string };
  return { postId: adId, token };
}

/** The ad's row as stored, column names as in SQL. */
export async function adRow(t: TestApp, id: string): Promise<Record<string, unknown>> {
  const result = await t.database.pool.query<Record<string, unknown>>(
    'SELECT * FROM ads WHERE id = $1',
    [id],
  );
  const row = result.rows[0];
  if (!row) throw new Error(`no ad ${id}`);
  return row;
}

export async function countAds(t: TestApp): Promise<number> {
  const result = await t.database.pool.query<{ n: string }>('SELECT count(*) AS n FROM ads');
  return Number(result.rows[0]?.n ?? 0);
}

/** Every refusal is JSON `{ success: false, error }`, never a server error. */
export function expectErrorBody(res: Response, status: number): { error: string } {
  expect(res.status).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json as { success: unknown; error: unknown };
  expect(body.success).toBe(false);
  expect(typeof body.error).toBe('string');
  expect(body.error).not.toBe('');
  return body as { error: string };
}

/** A 400 that names one field with the catalogue message (and says it as the error). */
export function expectFieldError(res: Response, field: string, message: string): void {
  expectErrorBody(res, 400);
  expect(res.json).toEqual({ success: false, error: message, fields: { [field]: message } });
}

/** The links of the mail an ad sends, read from the newest mail to `email`. */
export async function adMailLinks(
  app: FastifyInstance,
  email: string,
): Promise<{ text: string; activation: URL; edit: URL | null; register: URL | null }> {
  const [mail] = await readOutbox(app, email);
  if (!mail) throw new Error(`no mail to ${email}`);
  const find = (route: string) => {
    const match = new RegExp(`https?://\\S+/${route}\\?\\S+`).exec(mail.text)?.[0];
    return match ? new URL(match) : null;
  };
  const activation = find('activate');
  if (!activation) throw new Error(`no activation link mailed to ${email}`);
  return {
    text: mail.text,
    activation,
    edit: find('edit-post'),
    register: find('completeregistration'),
  };
}

/** The activation token of the ad's mail (the `token` of /activate). */
export async function activationToken(app: FastifyInstance, email: string): Promise<string> {
  const { activation } = await adMailLinks(app, email);
  const token = activation.searchParams.get('token');
  if (!token) throw new Error('activation link without token');
  return token;
}
