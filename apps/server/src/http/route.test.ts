import { endpoint, catalogueAreas, messagesOf } from '@adboard/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Database, Tx } from '../db/database.js';
import { anonymousActor, type Actor } from '../domain/actor.js';
import { ConflictError, RefusalAfterCommit, RefusedError } from '../domain/errors.js';
import { errorHandler } from './error-handler.js';
import { createMemoryRateLimitStore, createRateLimiter } from './rate-limit.js';
import { preparedRoute, route, type RouteChain } from './route.js';

const answersEn = messagesOf(catalogueAreas.answers, 'en');

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

/** What the chain did with the database, in order: BEGIN, COMMIT, ROLLBACK and the handlers' steps. */
let journal: string[] = [];
const poolDb = { name: 'pool' } as unknown as Database['db'];
const txDb = { name: 'transaction' } as unknown as Database['db'];
const recordingDatabase = {
  db: poolDb,
  async transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    journal.push('BEGIN');
    try {
      const result = await work({ db: txDb } as Tx);
      journal.push('COMMIT');
      return result;
    } catch (error) {
      journal.push('ROLLBACK');
      throw error;
    }
  },
} as unknown as Database;

function chainOf(checkResponses = true): RouteChain {
  journal = [];
  return {
    database: recordingDatabase,
    limiter: createRateLimiter(createMemoryRateLimitStore()),
    checkResponses,
  };
}

async function build(handler: (numbers: number[]) => unknown, checkResponses = true) {
  app = Fastify();
  app.decorateRequest('actor', null as unknown as Actor);
  app.addHook('onRequest', async (request) => {
    request.actor = anonymousActor;
  });
  errorHandler(app);
  const chain = chainOf(checkResponses);
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
    expect(res?.json()).toMatchObject({ error: answersEn.auth.signInRequired });
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

const lookUp = endpoint({ ...addUp, method: 'GET', path: '/api/test/{id}/look', body: undefined });

describe('the transaction of the route chain', () => {
  function setUp(): { chain: RouteChain; app: FastifyInstance } {
    app = Fastify();
    app.decorateRequest('actor', null as unknown as Actor);
    app.addHook('onRequest', async (request) => {
      request.actor = anonymousActor;
    });
    errorHandler(app);
    return { chain: chainOf(), app };
  }

  it('runs the handler of an endpoint that writes in one transaction, committed when it answers', async () => {
    const { chain, app: server } = setUp();
    route(server, chain, addUp, async ({ db, tx }) => {
      journal.push(`handler on ${(db as unknown as { name: string }).name}`);
      expect(tx.db).toBe(db);
      return { success: true, total: 1 };
    });
    const res = await post('/api/test/7/sum', { numbers: [1] });
    expect(res?.statusCode).toBe(200);
    expect(journal).toEqual(['BEGIN', 'handler on transaction', 'COMMIT']);
  });

  it('rolls everything back when the handler refuses', async () => {
    const { chain, app: server } = setUp();
    route(server, chain, addUp, async () => {
      journal.push('wrote');
      throw new ConflictError('Taken.');
    });
    const res = await post('/api/test/7/sum', { numbers: [1] });
    expect(res?.statusCode).toBe(409);
    expect(journal).toEqual(['BEGIN', 'wrote', 'ROLLBACK']);
  });

  it('commits, then answers, a refusal whose writes must stay (a counted wrong guess)', async () => {
    const { chain, app: server } = setUp();
    route(server, chain, addUp, async () => {
      journal.push('counted');
      throw new RefusalAfterCommit(new RefusedError('Code not recognized.'));
    });
    const res = await post('/api/test/7/sum', { numbers: [1] });
    expect(res?.statusCode).toBe(400);
    expect(res?.json()).toMatchObject({ success: false, error: 'Code not recognized.' });
    expect(journal).toEqual(['BEGIN', 'counted', 'COMMIT']);
  });

  it('prepares outside the transaction, then writes inside with what was prepared', async () => {
    const { chain, app: server } = setUp();
    preparedRoute(
      server,
      chain,
      addUp,
    )({
      prepare: async ({ db, tx, body }) => {
        journal.push(`prepare on ${(db as unknown as { name: string }).name}, tx ${String(tx)}`);
        return body.numbers.length;
      },
      write: async ({ db }, count) => {
        journal.push(`write on ${(db as unknown as { name: string }).name}`);
        return { success: true, total: count };
      },
    });
    const res = await post('/api/test/7/sum', { numbers: [4, 5] });
    expect(res?.json()).toEqual({ success: true, total: 2 });
    expect(journal).toEqual([
      'prepare on pool, tx null',
      'BEGIN',
      'write on transaction',
      'COMMIT',
    ]);
  });

  it('runs the work that waits for the commit after it, and never after a rollback', async () => {
    const { chain, app: server } = setUp();
    route(server, chain, addUp, async ({ body, afterCommit }) => {
      afterCommit(async () => {
        journal.push('files removed');
      });
      if (body.numbers.length === 0) throw new ConflictError('Nothing to add.');
      return { success: true, total: 1 };
    });
    expect((await post('/api/test/7/sum', { numbers: [1] }))?.statusCode).toBe(200);
    expect(journal).toEqual(['BEGIN', 'COMMIT', 'files removed']);
    journal = [];
    expect((await post('/api/test/7/sum', { numbers: [] }))?.statusCode).toBe(409);
    expect(journal).toEqual(['BEGIN', 'ROLLBACK']);
  });

  it('opens no transaction for an endpoint that only reads', async () => {
    const { chain, app: server } = setUp();
    route(server, chain, lookUp, async ({ db, tx }) => {
      journal.push(`read on ${(db as unknown as { name: string }).name}, tx ${String(tx)}`);
      return { success: true, total: 0 };
    });
    const res = await server.inject({ method: 'GET', url: '/api/test/7/look' });
    expect(res.statusCode).toBe(200);
    expect(journal).toEqual(['read on pool, tx null']);
  });
});
