import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { securityHeaders } from './security-headers.js';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** An app that sets cookies the ways a route can: one, several, one already Secure. */
async function appWithCookies(production: boolean): Promise<FastifyInstance> {
  app = Fastify({ trustProxy: true });
  securityHeaders(app, { production });
  app.get('/one', async (_request, reply) =>
    reply.header('set-cookie', 'a=1; HttpOnly').send('ok'),
  );
  app.get('/several', async (_request, reply) =>
    reply
      .header('set-cookie', ['b=2; Path=/', 'c=3; secure; HttpOnly'])
      .header('set-cookie', 'd=4')
      .send('ok'),
  );
  app.get('/none', async () => 'ok');
  await app.ready();
  return app;
}

function cookiesOf(value: string | string[] | number | undefined): string[] {
  return value === undefined ? [] : [value].flat().map(String);
}

const secureOnce = (cookie: string) => (cookie.match(/;\s*secure\b/gi) ?? []).length === 1;

describe('security headers', () => {
  it('in production: every cookie Secure (once) over plain HTTP, and HSTS on every answer', async () => {
    const a = await appWithCookies(true);
    const one = await a.inject('/one');
    expect(cookiesOf(one.headers['set-cookie'])).toEqual(['a=1; HttpOnly; Secure']);
    const several = cookiesOf((await a.inject('/several')).headers['set-cookie']);
    expect(several.map((c) => c.split(';')[0])).toEqual(['b=2', 'c=3', 'd=4']);
    expect(several.every(secureOnce)).toBe(true);
    const none = await a.inject('/none');
    expect(none.headers['set-cookie']).toBeUndefined();
    for (const res of [one, none]) {
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
    }
  });

  it('outside production: cookies Secure only when the request came over HTTPS, no HSTS', async () => {
    const a = await appWithCookies(false);
    const plain = await a.inject('/one');
    expect(cookiesOf(plain.headers['set-cookie'])).toEqual(['a=1; HttpOnly']);
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const https = await a.inject({ url: '/one', headers: { 'x-forwarded-proto': 'https' } });
    expect(cookiesOf(https.headers['set-cookie'])).toEqual(['a=1; HttpOnly; Secure']);
  });
});
