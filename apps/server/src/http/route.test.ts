import { endpoint, messages } from '@adboard/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { anonymousActor, type Actor } from '../domain/actor.js';
import { errorHandler } from './error-handler.js';
import { createMemoryRateLimitStore, createRateLimiter } from './rate-limit.js';
import { route } from './route.js';

const answerSchema = z.object({ success: z.literal(true), total: z.number() });
const addUp = endpoint({
  method: 'POST',
  path: '/api/test/{id}/sum',
  summary: 'Adds up.',
  tag: 'Test',
  access: 'anyone',
  rateLimit: { action: 'event' },
  params: z.object({ id: z.string().regex(/^\d+$/, { error: 'An id is digits.' }) }),
  body: z.object({ numbers: z.array(z.number()).max(3, { error: 'At most three.' }) }),
  responses: { 200: answerSchema },
  errors: ['rate_limited'],
});
const signedIn = endpoint({ ...addUp, path: '/api/test/mine', access: 'user', params: undefined });

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function build(handler: (numbers: number[]) => unknown, checkResponses = true) {
  app = Fastify();
  app.decorateRequest('actor', null as unknown as Actor);
  app.addHook('onRequest', async (request) => {
    request.actor = anonymousActor;
  });
  errorHandler(app);
  const chain = { limiter: createRateLimiter(createMemoryRateLimitStore()), checkResponses };
  route(
    app,
    chain,
    addUp,
    async ({ body }) => handler(body.numbers) as z.infer<typeof answerSchema>,
  );
  route(app, chain, signedIn, async () => ({ success: true, total: 0 }));
  return app;
}

const post = (url: string, payload: unknown) =>
  app?.inject({ method: 'POST', url, payload: payload as Record<string, unknown> });

describe('the route chain of a declared endpoint', () => {
  it('answers what the handler returns when it matches the declaration', async () => {
    await build((numbers) => ({ success: true, total: numbers.reduce((a, b) => a + b, 0) }));
    const res = await post('/api/test/7/sum', { numbers: [1, 2, 3] });
    expect(res?.statusCode).toBe(200);
    expect(res?.json()).toEqual({ success: true, total: 6 });
  });

  it('refuses input its schemas refuse with 400 and the catalogue message, before the handler', async () => {
    let ran = 0;
    await build(() => {
      ran += 1;
      return { success: true, total: 0 };
    });
    const badId = await post('/api/test/x/sum', { numbers: [] });
    expect(badId?.statusCode).toBe(400);
    expect(badId?.json()).toMatchObject({ success: false, error: 'An id is digits.' });
    const badBody = await post('/api/test/7/sum', { numbers: [1, 2, 3, 4] });
    expect(badBody?.statusCode).toBe(400);
    expect(badBody?.json()).toMatchObject({ fields: { numbers: 'At most three.' } });
    expect(ran).toBe(0);
  });

  it('refuses a caller the declaration does not admit, 401 when not signed in', async () => {
    await build(() => ({ success: true, total: 0 }));
    const res = await post('/api/test/mine', { numbers: [] });
    expect(res?.statusCode).toBe(401);
    expect(res?.json()).toMatchObject({ error: messages.auth.signInRequired });
  });

  it('fails, never sends, an answer its declaration does not allow', async () => {
    await build(() => ({ success: true, total: 'six', secret: 'x' }));
    const res = await post('/api/test/7/sum', { numbers: [1] });
    expect(res?.statusCode).toBe(500);
    expect(res?.body).not.toContain('six');
    expect(res?.body).not.toContain('secret');
  });

  it('serialises answers from their declared schema: an undeclared field is never sent', async () => {
    // Production trusts the tested handlers and skips the check: the schema still decides.
    await build(() => ({ success: true, total: 3, passwordHash: 'secret' }), false);
    const res = await post('/api/test/7/sum', { numbers: [3] });
    expect(res?.statusCode).toBe(200);
    expect(res?.json()).toEqual({ success: true, total: 3 });
    expect(res?.body).not.toContain('secret');
  });

  it('spends the declared rate limit per client address', async () => {
    await build(() => ({ success: true, total: 0 }));
    const statuses: number[] = [];
    for (let i = 0; i < 302; i += 1) {
      statuses.push((await post('/api/test/7/sum', { numbers: [] }))?.statusCode ?? 0);
    }
    expect(statuses.slice(0, 300).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(300)).toEqual([429, 429]);
  });
});
