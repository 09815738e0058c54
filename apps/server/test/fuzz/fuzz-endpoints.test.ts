import { jsonSchema, type EndpointSpec } from '@adboard/shared';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerified, relaxedLimiter, type SignedIn } from '../support/accounts.js';
import { createAd } from '../support/ads.js';
import { signedInWithRole } from '../support/moderation.js';
import { storedState } from '../support/stored-state.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { declarations } from '../support/declarations.js';

/**
 * Issue 15, the fuzzing suite: property-based requests (fast-check) against every
 * declared endpoint, shaped by its declaration (its fields, given wrong types, huge,
 * deep and hostile values) and not (random JSON, bad UTF-8, broken bodies). No answer
 * may be a 5xx, and a refused request must leave every stored row as it was.
 * `FUZZ_RUNS` sets the runs per endpoint (CI's short variant: 25).
 */

const runs = Number(process.env.FUZZ_RUNS ?? 25);

type Json = Record<string, unknown>;

/** The top-level field names an input schema declares. */
function fieldsOf(schema: EndpointSpec['body']): string[] {
  if (!schema) return [];
  const json = jsonSchema(schema, 'input') as Json;
  return Object.keys((json.properties as Json | undefined) ?? {});
}

/**
 * A path segment as a client may send it: percent-encoded UTF-8, or, for text that
 * is not valid UTF-16 (a lone surrogate), bytes that are not UTF-8 at all.
 */
function pathSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return `${encodeURIComponent(value.replace(/[\ud800-\udfff]/g, ''))}%ED%A0%80%C3%28`;
  }
}

/** Strings an attacker tries: controls, lone surrogates, markup, SQL, path tricks, huge. */
const hostileString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\ud800',
    '\udfff\ud800',
    '<script>alert(1)</script>',
    "' OR 1=1 --",
    '../../etc/passwd',
    '%00',
    '${7*7}',
    '__proto__',
    '9'.repeat(400),
    '-1',
    '1e309',
    'NaN',
  ),
  fc.integer({ min: 1, max: 300_000 }).map((n) => 'x'.repeat(n)),
);

/** Arrays nested `depth` deep, built only when sent (fast-check prints it short). */
class Deep {
  constructor(readonly depth: number) {}
  [fc.toStringMethod](): string {
    return `Deep(${this.depth})`;
  }
}

/** The JSON text of a body, deep arrays written out as text (as a client would send them). */
function jsonText(body: unknown): string {
  const deep: number[] = [];
  const text = JSON.stringify(body, (_key, value: unknown) => {
    if (!(value instanceof Deep)) return value;
    deep.push(value.depth);
    return `\u0000deep${deep.length - 1}\u0000`;
  });
  return text.replace(/"\\u0000deep(\d+)\\u0000"/g, (_, i: string) => {
    const depth = deep[Number(i)] ?? 0;
    return `${'['.repeat(depth)}"deep"${']'.repeat(depth)}`;
  });
}

/** Any value, of any type, sometimes deep. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 4 }),
  fc.integer({ min: 50, max: 5_000 }).map((depth) => new Deep(depth)),
);

/** A body: the declared fields with hostile values (some left out), or anything at all. */
function hostileBody(fields: string[]): fc.Arbitrary<unknown> {
  const shaped = fc.record(Object.fromEntries(fields.map((f) => [f, hostileValue])), {
    requiredKeys: [],
  });
  return fields.length > 0 ? fc.oneof(shaped, shaped, hostileValue) : hostileValue;
}

/** A raw payload no JSON parser takes, or bytes that are not UTF-8. */
const brokenPayload = fc.oneof(
  fc.constantFrom('{', '{"a":', '[1,2', 'nul', '{"a":1}}', '\u0000', '{"__proto__":{"x":1}}'),
  fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from([0xc3, 0x28, ...bytes])),
);

describe('fuzzing every declared endpoint', () => {
  let t: TestApp;
  let owner: SignedIn;
  let admin: SignedIn;
  let adId: string;
  let editToken: string;
  let tried = 0;

  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter() });
    owner = await registerVerified(t.app, 'fuzz-owner@example.com', 'a long enough passphrase');
    admin = await signedInWithRole(t, 'fuzz-admin@example.com', 'admin');
    const ad = await createAd(t.app, { session: owner.token });
    adId = ad.postId;
    editToken = ad.token;
  });
  afterAll(async () => {
    process.stdout.write(`fuzzing: ${tried} requests tried\n`);
    await t.close();
  });

  const paramValue = fc.oneof(
    fc.constant('own'),
    hostileString.filter((s) => s.length > 0 && s.length < 2_000),
  );

  for (const spec of declarations()) {
    // The multipart upload has its own malformed-body suites (fuzz-multipart.test.ts,
    // input-bodies.test.ts).
    if (spec.raw === 'multipart') continue;
    const paramNames = [...spec.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '');
    const queryFields = fieldsOf(spec.query);
    const bodyFields = fieldsOf(spec.body);
    const writes = spec.writes ?? spec.method !== 'GET';

    it(`${spec.method} ${spec.path} answers no 5xx, and a refusal changes nothing`, async () => {
      const request = fc.record({
        params: fc.tuple(...paramNames.map(() => paramValue)),
        query: fc.record(Object.fromEntries(queryFields.map((f) => [f, hostileString])), {
          requiredKeys: [],
        }),
        body: spec.method === 'GET' ? fc.constant(undefined) : hostileBody(bodyFields),
        broken: spec.method === 'GET' ? fc.constant(null) : fc.option(brokenPayload),
        who: fc.constantFrom('owner', 'admin', 'nobody'),
      });
      await fc.assert(
        fc.asyncProperty(request, async (input) => {
          const params = Object.fromEntries(
            paramNames.map((name, i) => {
              const value = input.params[i] ?? 'own';
              return [name, value === 'own' ? adId : value];
            }),
          );
          const session =
            input.who === 'owner' ? owner.token : input.who === 'admin' ? admin.token : null;
          const payload =
            input.broken ?? (input.body === undefined ? undefined : jsonText(input.body));
          const options: InjectOptions = {
            method: spec.method,
            url: spec.path.replace(/\{(\w+)\}/g, (_, name: string) =>
              pathSegment(params[name] ?? ''),
            ),
            headers: {
              host: 'localhost:3000',
              ...(session ? { session, 'edit-token': editToken } : {}),
              ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
            },
            query: input.query as Record<string, string>,
            ...(payload !== undefined ? { payload } : {}),
          };
          const before = writes ? await storedState(t) : '';
          const res = await t.app.inject(options);
          tried += 1;
          expect(res.statusCode, `${options.method} ${options.url}: ${res.body}`).toBeLessThan(500);
          if (writes && res.statusCode >= 400) expect(await storedState(t)).toBe(before);
        }),
        { numRuns: runs },
      );
    });
  }
});
