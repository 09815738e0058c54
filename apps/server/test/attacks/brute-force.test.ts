import { randomBytes } from 'node:crypto';
import { loginLockout, previewLinkSchema, publicPageText, rateLimitRules } from '@adboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryRateLimitStore, createRateLimiter } from '../../src/http/rate-limit.js';
import { registerVerified } from '../support/accounts.js';
import { adMailLinks, createAd } from '../support/ads.js';
import { paidAdWithMoney } from '../support/moderation-fixtures.js';
import { signedInWithRole } from '../support/moderation.js';
import { addAuthenticator, codeFor } from '../support/second-factors.js';
import { hashRecoveryCode, newRecoveryCodes } from '../../src/modules/accounts/recovery-codes.js';
import { latestCode, latestResetLink, readOutbox } from '../support/outbox.js';
import { SoftAuthenticator } from '../support/soft-authenticator.js';
import { call, createTestApp, type TestApp } from '../support/test-app.js';

/**
 * Issue 15, attacks as tests: brute force on every secret, with the shipped
 * limits on a clock the test moves. For each secret a guesser at one address
 * sends wrong values until it is stopped; it must be stopped within the declared
 * limit, after which even the right value from that address is refused; and the
 * owner, from their own address, still gets in: at once, or for the 6-digit codes
 * (which need a cap per account, since a code space of a million cannot be left
 * to per-address limits) after at most the limit's window, with a new code.
 */
type Response = Awaited<ReturnType<typeof call>>;

interface Target {
  /** One wrong guess from `ip`. */
  guess(ip: string): Promise<Response>;
  /** The right secret from `ip`: what the guesser would send once it has found it. */
  right(ip: string): Promise<Response>;
  /** The owner using their secret from their own address (or a fresh code if one was needed). */
  owner(ip: string): Promise<Response>;
}

interface Secret {
  name: string;
  /** Guesses one address may make before it is stopped, from the shipped rules. */
  allowed: number;
  /** How long the owner may have to wait (0: not at all). */
  ownerWaitMs: number;
  /**
   * Whether a response means the guesser was stopped (default: 429). A limit
   * that answers like a wrong guess (the preview page) is `silent`: the test makes
   * exactly `allowed` guesses, then checks the right value is refused.
   */
  stopped?: (res: Response) => boolean;
  silent?: boolean;
  /** Whether the owner got in (default: 200 with success). */
  ownerIn?: (res: Response) => boolean;
  setup(): Promise<Target>;
}

const is429 = (res: Response) => res.status === 429;
const succeeded = (res: Response) =>
  res.status === 200 && (res.json as { success?: unknown } | null)?.success !== false;
const randomToken = () => randomBytes(32).toString('base64url');
const password = 'the owner passphrase 1';
const newPassword = 'a brand new passphrase 2';

describe('brute force on every secret is stopped, and never locks the owner out', () => {
  let t: TestApp;
  let now = 1_700_000_000_000;
  let n = 0;
  const nextEmail = (kind: string) => `${kind}-${(n += 1)}@example.com`;

  beforeAll(async () => {
    t = await createTestApp({
      limiter: createRateLimiter(createMemoryRateLimitStore(() => now)),
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (url: string, body: unknown, ip: string, headers: Record<string, string> = {}) =>
    call(t.app, 'POST', url, { body, remoteAddress: ip, headers });

  /** An anonymous ad: its edit token, its activation token and the poster's email. */
  async function anonymousAd() {
    const email = nextEmail('poster');
    const line = String(3000 + n).padStart(4, '0');
    const ad = await createAd(t.app, {
      email,
      overrides: { phone: `702-208-${line}` },
      remoteAddress: `10.9.${n}.1`,
    });
    const { activation } = await adMailLinks(t.app, email);
    return {
      ...ad,
      email,
      e164: `+1702208${line}`,
      activationToken: activation.searchParams.get('token') ?? '',
    };
  }

  /**
   * An account with an authenticator app (and recovery codes), whose owner signed in
   * fully on their own browser (`cookie`); `secondStep` enters the password, then a code.
   */
  async function withAuthenticator(kind: string, ownerIp: string) {
    const email = nextEmail(`factor-${kind}`);
    const { userId } = await registerVerified(t.app, email, password);
    const secret = await addAuthenticator(t, userId);
    const recovery = newRecoveryCodes();
    await t.database.pool.query(
      'INSERT INTO recovery_codes (user_id, code_hash) SELECT $1, unnest($2::text[])',
      [userId, recovery.map((c) => hashRecoveryCode(userId, c))],
    );
    async function secondStep(ip: string, code: string, cookie = '') {
      const headers: Record<string, string> = cookie ? { cookie } : {};
      const first = await post('/api/user/login', { email, password }, ip, headers);
      const challenge = (first.json as { challenge?: string } | null)?.challenge;
      if (!challenge) return first;
      return post('/api/user/login/second-factor', { challenge, code }, ip, headers);
    }
    /** A full sign-in from `ip`; the code's step is then forgotten, as though time passed. */
    async function session(ip: string) {
      const res = await secondStep(ip, codeFor(secret));
      await t.database.pool.query(
        'UPDATE second_factors SET last_used_step = NULL WHERE user_id = $1',
        [userId],
      );
      return (res.json as { data: { token: string } }).data.token;
    }
    const signedIn = await secondStep(ownerIp, recovery[9] ?? '');
    const cookie = String(signedIn.headers['set-cookie']).split(';')[0] ?? '';
    return { secret, cookie, secondStep, session, recoveryCode: recovery[0] ?? '' };
  }

  const secrets: Secret[] = [
    {
      name: 'password',
      allowed: Math.min(rateLimitRules.login.ip.max, loginLockout.address.free),
      ownerWaitMs: 0,
      async setup() {
        const email = nextEmail('pw');
        await registerVerified(t.app, email, password);
        // The owner signed in on this browser before: it holds the device cookie.
        const first = await post('/api/user/login', { email, password }, '198.51.100.1');
        const cookie = String(first.headers['set-cookie']).split(';')[0] ?? '';
        return {
          guess: (ip) => post('/api/user/login', { email, password: randomToken() }, ip),
          right: (ip) => post('/api/user/login', { email, password }, ip),
          owner: (ip) => post('/api/user/login', { email, password }, ip, { cookie }),
        };
      },
    },
    {
      name: 'authenticator code at the second step (a guesser who knows the password)',
      allowed: loginLockout.account.free + 1,
      ownerWaitMs: 0,
      async setup() {
        const owner = await withAuthenticator('totp', '198.51.100.11');
        const wrong = () =>
          String((Number(codeFor(owner.secret, 1)) + 1) % 1_000_000).padStart(6, '0');
        return {
          guess: (ip) => owner.secondStep(ip, wrong()),
          right: (ip) => owner.secondStep(ip, codeFor(owner.secret, 1)),
          owner: (ip) => owner.secondStep(ip, codeFor(owner.secret, 1), owner.cookie),
        };
      },
    },
    {
      name: 'recovery code at the second step (a guesser who knows the password)',
      allowed: loginLockout.account.free + 1,
      ownerWaitMs: 0,
      async setup() {
        const owner = await withAuthenticator('recovery', '198.51.100.12');
        const wrong = () =>
          randomBytes(10)
            .toString('hex')
            .slice(0, 16)
            .replace(/[0189]/g, 'a');
        return {
          guess: (ip) => owner.secondStep(ip, wrong()),
          right: (ip) => owner.secondStep(ip, owner.recoveryCode),
          owner: (ip) => owner.secondStep(ip, owner.recoveryCode, owner.cookie),
        };
      },
    },
    {
      name: 'passkey answer at sign-in without a password (the key without its user verified)',
      allowed: loginLockout.account.free + 1,
      ownerWaitMs: 0,
      async setup() {
        const { token } = await registerVerified(t.app, nextEmail('passkey'), password);
        const key = new SoftAuthenticator({ origin: 'http://localhost:3000' });
        const started = await post('/api/account/passkeys/options', undefined, '198.51.100.15', {
          session: token,
        });
        const ceremony = started.json as {
          ceremonyId: string;
          options: { challenge: string; rp: { id: string }; user: { id: string } };
        };
        await post(
          '/api/account/passkeys',
          {
            ceremonyId: ceremony.ceremonyId,
            name: 'Key',
            credential: key.create(ceremony.options),
            password,
          },
          '198.51.100.15',
          { session: token },
        );
        async function answer(ip: string, verified: boolean, cookie = '') {
          const headers: Record<string, string> = cookie ? { cookie } : {};
          const options = await post('/api/user/passkey/options', undefined, ip, headers);
          const { ceremonyId, options: request } = options.json as {
            ceremonyId: string;
            options: { challenge: string };
          };
          key.userVerified = verified;
          const credential = key.get({ challenge: request.challenge, rpId: 'localhost' });
          return post('/api/user/passkey/login', { ceremonyId, credential }, ip, headers);
        }
        // The owner signed in with the key on their own browser: it holds the device cookie.
        const signedIn = await answer('198.51.100.15', true);
        const cookie = String(signedIn.headers['set-cookie']).split(';')[0] ?? '';
        return {
          guess: (ip) => answer(ip, false),
          right: (ip) => answer(ip, true),
          owner: (ip) => answer(ip, true, cookie),
        };
      },
    },
    {
      name: 'password asked again by the account page (a thief holding a session)',
      allowed: loginLockout.device.free + 1,
      ownerWaitMs: 0,
      async setup() {
        const owner = await withAuthenticator('reauth', '198.51.100.13');
        const stolen = await owner.session('198.51.100.14');
        const own = await owner.session('198.51.100.13');
        const regenerate = (ip: string, session: string, pw: string) =>
          post('/api/account/recovery-codes', { password: pw }, ip, { session });
        return {
          guess: (ip) => regenerate(ip, stolen, randomToken()),
          right: (ip) => regenerate(ip, stolen, password),
          owner: (ip) => regenerate(ip, own, password),
        };
      },
    },
    {
      name: 'email code',
      allowed: rateLimitRules.verifyEmail.account.max,
      ownerWaitMs: rateLimitRules.verifyEmail.account.windowMs,
      async setup() {
        const email = nextEmail('code');
        await post('/api/user/register', { email, password }, '198.51.100.2');
        const code = await latestCode(t.app, email);
        const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
        return {
          guess: (ip) => post('/api/user/verifyemail', { email, code: wrong }, ip),
          right: (ip) => post('/api/user/verifyemail', { email, code }, ip),
          async owner(ip) {
            // Five wrong tries used the code up: the owner asks for a new one.
            await post('/api/user/resendcode', { email }, ip);
            const fresh = await latestCode(t.app, email);
            return post('/api/user/verifyemail', { email, code: fresh }, ip);
          },
        };
      },
    },
    {
      name: 'SMS code (a guesser who holds the mailed activation link)',
      allowed: rateLimitRules.checkPhoneCode.account.max,
      ownerWaitMs: rateLimitRules.checkPhoneCode.account.windowMs,
      async setup() {
        const ad = await anonymousAd();
        const owner = { 'edit-token': ad.token };
        await post('/api/verify/phone', { id: ad.postId }, '198.51.100.3', owner);
        const codeNow = async () => {
          const res = await call(t.app, 'GET', `/dev/outbox?to=${encodeURIComponent(ad.e164)}`);
          const [sms] = res.json as { text: string }[];
          return sms?.text.match(/\b(\d{6})\b/)?.[1] ?? '';
        };
        const code = await codeNow();
        const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
        const check = (ip: string, c: string) =>
          post(
            '/api/verify/phone-validate',
            { id: ad.postId, code: c, token: ad.activationToken },
            ip,
          );
        return {
          guess: (ip) => check(ip, wrong),
          right: (ip) => check(ip, code),
          async owner(ip) {
            await post('/api/verify/phone', { id: ad.postId }, ip, owner);
            const fresh = await codeNow();
            return post('/api/verify/phone-validate', { id: ad.postId, code: fresh }, ip, owner);
          },
        };
      },
    },
    {
      name: 'password reset token',
      allowed: rateLimitRules.changePassword.ip.max,
      ownerWaitMs: 0,
      async setup() {
        const email = nextEmail('reset');
        await registerVerified(t.app, email, password);
        await post('/api/user/resetpassword', { email }, '198.51.100.4');
        const token = (await latestResetLink(t.app, email)).searchParams.get('edit') ?? '';
        const change = (ip: string, tok: string) =>
          post('/api/user/changepassword', { email, token: tok, password: newPassword }, ip);
        return {
          guess: (ip) => change(ip, randomToken()),
          right: (ip) => change(ip, token),
          owner: (ip) => change(ip, token),
        };
      },
    },
    {
      name: 'edit token',
      allowed: rateLimitRules.adEdit.ip.max,
      ownerWaitMs: 0,
      async setup() {
        const ad = await anonymousAd();
        const read = (ip: string, token: string) =>
          call(t.app, 'GET', `/api/post/${ad.postId}`, {
            headers: { 'edit-token': token },
            remoteAddress: ip,
          });
        return {
          guess: (ip) => read(ip, randomToken()),
          right: (ip) => read(ip, ad.token),
          owner: (ip) => read(ip, ad.token),
        };
      },
    },
    {
      name: 'activation token',
      allowed: rateLimitRules.verifyAdEmail.ip.max,
      ownerWaitMs: 0,
      async setup() {
        const ad = await anonymousAd();
        const activate = (ip: string, token: string) =>
          post('/api/verify/email', { email: ad.email, token, id: ad.postId }, ip);
        return {
          guess: (ip) => activate(ip, randomToken()),
          right: (ip) => activate(ip, ad.activationToken),
          owner: (ip) => activate(ip, ad.activationToken),
        };
      },
    },
    {
      name: 'preview token (past the limit the page falls back to the public answer)',
      allowed: rateLimitRules.previewToken.ip.max,
      ownerWaitMs: 0,
      stopped: (res) => !res.text.includes(publicPageText('en').previewBanner),
      silent: true,
      ownerIn: (res) => res.status === 200 && res.text.includes(publicPageText('en').previewBanner),
      async setup() {
        const ad = await anonymousAd();
        const link = await post(`/api/post/${ad.postId}/preview`, undefined, '198.51.100.5', {
          'edit-token': ad.token,
        });
        const url = new URL(previewLinkSchema.parse(link.json).url);
        const token = url.searchParams.get('token') ?? '';
        const open = (ip: string, tok: string) =>
          call(t.app, 'GET', `${url.pathname}?preview=true&token=${tok}`, {
            headers: { host: url.host },
            remoteAddress: ip,
          });
        return {
          guess: (ip) => open(ip, randomToken()),
          right: (ip) => open(ip, token),
          owner: (ip) => open(ip, token),
        };
      },
    },
    {
      name: 'refund link token',
      allowed: rateLimitRules.refundAddress.ip.max,
      ownerWaitMs: 0,
      async setup() {
        const email = nextEmail('refund');
        const payer = await registerVerified(t.app, email, password);
        const moderator = await signedInWithRole(t, nextEmail('mod'), 'moderator');
        const { postId } = await paidAdWithMoney(t, payer.token);
        await post(`/api/admin/posts/${postId}/reject`, { reason: 'Not allowed' }, '10.8.0.1', {
          session: moderator.token,
        });
        const [mail] = await readOutbox(t.app, email);
        const link = new URL(mail?.text.match(/http:\/\/\S+\/refund\?\S+/)?.[0] ?? 'http://x/');
        const token = link.searchParams.get('token') ?? '';
        const address = t.config.bitcoin.account.receiveAddress(900_000 + n);
        const give = (ip: string, tok: string) =>
          post('/api/refund/address', { token: tok, address }, ip);
        return {
          guess: (ip) => give(ip, randomToken()),
          right: (ip) => give(ip, token),
          owner: (ip) => give(ip, token),
        };
      },
    },
  ];

  secrets.forEach((secret, i) => {
    it(`${secret.name}: at most ${secret.allowed} guesses per address, and the owner gets in`, async () => {
      const target = await secret.setup();
      const guesser = `203.0.113.${i + 1}`;
      const stopped = secret.stopped ?? is429;
      let guesses = 0;
      for (;;) {
        const res = await target.guess(guesser);
        expect(res.status, res.text).toBeLessThan(500);
        if (secret.silent) {
          expect(stopped(res), res.text).toBe(true);
          guesses += 1;
          if (guesses === secret.allowed) break;
          continue;
        }
        if (stopped(res)) break;
        expect(succeeded(res), res.text).toBe(false);
        guesses += 1;
        expect(guesses, 'guesses before the guesser was stopped').toBeLessThanOrEqual(
          secret.allowed,
        );
      }
      expect(guesses).toBeGreaterThan(0);
      // Stopped means stopped: the right value from the guesser's address is refused too.
      expect(stopped(await target.right(guesser))).toBe(true);

      // The owner, from their own address, within the allowed wait at most.
      now += secret.ownerWaitMs;
      const res = await target.owner(`198.51.100.${100 + i}`);
      const ownerIn = secret.ownerIn ?? succeeded;
      expect(ownerIn(res), `${res.status} ${res.text}`).toBe(true);
    });
  });
});
