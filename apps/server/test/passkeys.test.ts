import { accountMessages, sayIn, sayAllIn } from '@adboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerified, relaxedLimiter, sqlCount } from './support/accounts.js';
import { readOutbox } from './support/outbox.js';
import { passwordStep } from './support/second-factors.js';
import { SoftAuthenticator } from './support/soft-authenticator.js';
import { call, createTestApp, type TestApp } from './support/test-app.js';

const password = 'a long enough passphrase';
const texts = sayAllIn('en', accountMessages.passkeys);
const notice = sayAllIn('en', accountMessages.securityNotice);
/** The test app's host (call()'s default) is the local brand's: relying party 'localhost'. */
const origin = 'http://localhost:3000';

interface Ceremony {
  ceremonyId: string;
  options: {
    challenge: string;
    rp: { id: string };
    rpId?: string;
    user: { id: string };
    authenticatorSelection?: { residentKey?: string; userVerification?: string };
    userVerification?: string;
    allowCredentials?: { id: string }[];
  };
}

describe('passkeys: added on the account page, sign-in without a password, the second step (issue 27)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter() });
  });
  afterAll(async () => {
    await t.close();
  });

  const as = (token: string) => ({ session: token });

  async function registrationOptions(token: string): Promise<Ceremony> {
    const res = await call(t.app, 'POST', '/api/account/passkeys/options', { headers: as(token) });
    expect(res.status).toBe(200);
    return res.json as Ceremony;
  }

  async function addPasskey(
    token: string,
    authenticator: SoftAuthenticator,
    proof: Record<string, string> = { password },
  ) {
    const { ceremonyId, options } = await registrationOptions(token);
    return call(t.app, 'POST', '/api/account/passkeys', {
      headers: as(token),
      body: { ceremonyId, name: 'Laptop', credential: authenticator.create(options), ...proof },
    });
  }

  /** A verified account with one passkey added (its first factor). */
  async function withPasskey(email: string) {
    const account = await registerVerified(t.app, email, password);
    const authenticator = new SoftAuthenticator({ origin });
    const res = await addPasskey(account.token, authenticator);
    expect(res.status).toBe(200);
    return {
      ...account,
      authenticator,
      recoveryCodes: (res.json as { recoveryCodes: string[] }).recoveryCodes,
    };
  }

  async function signInOptions(headers: Record<string, string> = {}): Promise<Ceremony> {
    const res = await call(t.app, 'POST', '/api/user/passkey/options', { headers });
    expect(res.status).toBe(200);
    return res.json as Ceremony;
  }

  async function signInWith(authenticator: SoftAuthenticator, ceremony?: Ceremony) {
    const { ceremonyId, options } = ceremony ?? (await signInOptions());
    return call(t.app, 'POST', '/api/user/passkey/login', {
      body: {
        ceremonyId,
        credential: authenticator.get({ challenge: options.challenge, rpId: options.rpId }),
      },
    });
  }

  const passkeyRows = (userId: string) =>
    sqlCount(
      t,
      "SELECT count(*) AS n FROM second_factors WHERE user_id = $1 AND kind = 'passkey'",
      [userId],
    );
  const sessions = (userId: string) =>
    sqlCount(t, 'SELECT count(*) AS n FROM sessions WHERE user_id = $1 AND revoked_at IS NULL', [
      userId,
    ]);

  describe('adding a passkey', () => {
    it("asks the brand's domain as relying party, a discoverable credential and the user's verification", async () => {
      const { token } = await registerVerified(t.app, 'pk.options@example.com', password);
      const { options } = await registrationOptions(token);
      expect(options.rp.id).toBe('localhost');
      expect(options.authenticatorSelection).toMatchObject({
        residentKey: 'required',
        userVerification: 'required',
      });
      const other = await call(t.app, 'POST', '/api/account/passkeys/options', {
        headers: { ...as(token), host: 'post.velvetboard.example' },
      });
      expect((other.json as Ceremony).options.rp.id).toBe('velvetboard.example');
    });

    it('adds it with the password asked again: listed, recovery codes made, the account mailed', async () => {
      const email = 'pk.add@example.com';
      const { token, userId, recoveryCodes } = await withPasskey(email);
      expect(recoveryCodes).toHaveLength(10);
      const listed = await call(t.app, 'GET', '/api/account/second-factors', {
        headers: as(token),
      });
      expect(listed.json).toMatchObject({
        factors: [{ kind: 'passkey', name: 'Laptop' }],
        recoveryCodesLeft: 10,
      });
      expect(await passkeyRows(userId)).toBe(1);
      const [mail] = await readOutbox(t.app, email);
      expect(mail?.text).toContain(notice.kinds.factor_added);
      expect(mail?.text).toContain('Laptop');
    });

    it('a stolen session alone cannot add one: no proof, or a wrong password, is refused and nothing is stored', async () => {
      const { token, userId } = await registerVerified(t.app, 'pk.stolen@example.com', password);
      const { ceremonyId, options } = await registrationOptions(token);
      const credential = new SoftAuthenticator({ origin }).create(options);
      const none = await call(t.app, 'POST', '/api/account/passkeys', {
        headers: as(token),
        body: { ceremonyId, name: 'Thief', credential },
      });
      expect(none.status).toBe(400);
      expect((none.json as { error: string }).error).toBe(
        sayIn('en', accountMessages.twoStep.reauthRequired),
      );
      const wrong = await call(t.app, 'POST', '/api/account/passkeys', {
        headers: as(token),
        body: { ceremonyId, name: 'Thief', credential, password: 'not the password at all' },
      });
      expect(wrong.status).toBe(400);
      expect(await passkeyRows(userId)).toBe(0);
    });

    it('refuses a passkey that did not verify its user, one made for another origin, and a ceremony answered twice', async () => {
      const { token, userId } = await registerVerified(t.app, 'pk.refused@example.com', password);
      const unverified = await addPasskey(
        token,
        new SoftAuthenticator({ origin, userVerified: false }),
      );
      expect(unverified.status).toBe(400);
      expect((unverified.json as { error: string }).error).toBe(texts.verificationRequired);
      const phished = await addPasskey(
        token,
        new SoftAuthenticator({ origin: 'https://evil.example' }),
      );
      expect(phished.status).toBe(400);
      expect((phished.json as { error: string }).error).toBe(texts.failed);

      const { ceremonyId, options } = await registrationOptions(token);
      const body = {
        ceremonyId,
        name: 'Once',
        credential: new SoftAuthenticator({ origin }).create(options),
        password,
      };
      expect(
        (await call(t.app, 'POST', '/api/account/passkeys', { headers: as(token), body })).status,
      ).toBe(200);
      const again = await call(t.app, 'POST', '/api/account/passkeys', {
        headers: as(token),
        body,
      });
      expect(again.status).toBe(410);
      expect(await passkeyRows(userId)).toBe(1);
    });

    it("another account's ceremony is not this one's", async () => {
      const a = await registerVerified(t.app, 'pk.cer.a@example.com', password);
      const b = await registerVerified(t.app, 'pk.cer.b@example.com', password);
      const { ceremonyId, options } = await registrationOptions(a.token);
      const res = await call(t.app, 'POST', '/api/account/passkeys', {
        headers: as(b.token),
        body: {
          ceremonyId,
          name: 'X',
          credential: new SoftAuthenticator({ origin }).create(options),
          password,
        },
      });
      expect(res.status).toBe(410);
      expect(await passkeyRows(b.userId)).toBe(0);
    });

    it('a malformed credential is a 400 with the catalogue message on each wrong part, never a 500', async () => {
      const { token } = await registerVerified(t.app, 'pk.bad@example.com', password);
      const { ceremonyId } = await registrationOptions(token);
      for (const credential of [
        null,
        'x',
        { id: 'a b', rawId: 'x', type: 'public-key', response: {} },
        { id: 'x'.repeat(2000) },
      ]) {
        const res = await call(t.app, 'POST', '/api/account/passkeys', {
          headers: as(token),
          body: { ceremonyId, name: 'X', credential, password },
        });
        expect(res.status).toBe(400);
        // One message for every part of the credential that is wrong.
        const { fields } = res.json as { fields: Record<string, string> };
        expect(Object.keys(fields).length).toBeGreaterThan(0);
        for (const message of Object.values(fields)) expect(message).toBe(texts.credentialInvalid);
      }
    });
  });

  describe('signing in without a password', () => {
    it('opens a session with the passkey alone; the same answer replayed is refused', async () => {
      const { userId, authenticator } = await withPasskey('pk.signin@example.com');
      const ceremony = await signInOptions();
      expect(ceremony.options.userVerification).toBe('required');
      expect(ceremony.options.rpId).toBe('localhost');
      const credential = authenticator.get({
        challenge: ceremony.options.challenge,
        rpId: 'localhost',
      });
      const res = await call(t.app, 'POST', '/api/user/passkey/login', {
        body: { ceremonyId: ceremony.ceremonyId, credential },
      });
      expect(res.status).toBe(200);
      const token = (res.json as { data: { token: string } }).data.token;
      const status = await call(t.app, 'GET', '/api/user/status', { headers: as(token) });
      expect(status.json).toMatchObject({ ok: true, userId });
      const replay = await call(t.app, 'POST', '/api/user/passkey/login', {
        body: { ceremonyId: ceremony.ceremonyId, credential },
      });
      expect(replay.status).toBe(410);
      expect(await sessions(userId)).toBe(2);
    });

    it('refuses a passkey whose user was not verified, an unknown one, and a cloned one (its counter behind)', async () => {
      const { userId, authenticator } = await withPasskey('pk.refuse@example.com');
      const before = await sessions(userId);
      authenticator.userVerified = false;
      const unverified = await signInWith(authenticator);
      expect(unverified.status).toBe(401);
      expect((unverified.json as { error: string }).error).toBe(texts.verificationRequired);
      authenticator.userVerified = true;

      const stranger = new SoftAuthenticator({ origin });
      stranger.create({ challenge: 'x', rp: { id: 'localhost' }, user: { id: 'AAAA' } });
      const unknown = await signInWith(stranger);
      expect(unknown.status).toBe(401);
      expect((unknown.json as { error: string }).error).toBe(texts.unknown);

      expect((await signInWith(authenticator)).status).toBe(200);
      authenticator.counter -= 2;
      const cloned = await signInWith(authenticator);
      expect(cloned.status).toBe(401);
      expect(await sessions(userId)).toBe(before + 1);
    });

    it('is refused on another brand: each brand is its own relying party', async () => {
      const { authenticator } = await withPasskey('pk.brand@example.com');
      const velvet = { host: 'post.velvetboard.example' };
      const ceremony = await signInOptions(velvet);
      expect(ceremony.options.rpId).toBe('velvetboard.example');
      // The browser would not even offer it there; answered anyway, for the brand's id:
      const res = await call(t.app, 'POST', '/api/user/passkey/login', {
        headers: velvet,
        body: {
          ceremonyId: ceremony.ceremonyId,
          credential: authenticator.get({
            challenge: ceremony.options.challenge,
            rpId: 'localhost',
          }),
        },
      });
      expect(res.status).toBe(401);
      // And a ceremony started on one brand is gone on another.
      const local = await signInOptions();
      const crossed = await call(t.app, 'POST', '/api/user/passkey/login', {
        headers: velvet,
        body: {
          ceremonyId: local.ceremonyId,
          credential: authenticator.get({ challenge: local.options.challenge }),
        },
      });
      expect(crossed.status).toBe(410);
    });

    it('refuses a banned account', async () => {
      const { userId, authenticator } = await withPasskey('pk.banned@example.com');
      await t.database.pool.query('UPDATE users SET banned_at = now() WHERE id = $1', [userId]);
      const res = await signInWith(authenticator);
      expect(res.status).toBe(403);
    });
  });

  describe('as the second step after the password', () => {
    it('the password alone opens nothing; the passkey answers the second step and opens the session', async () => {
      const email = 'pk.second@example.com';
      const { userId, authenticator } = await withPasskey(email);
      const before = await sessions(userId);
      const login = await call(t.app, 'POST', '/api/user/login', { body: { email, password } });
      // The step is told which kinds of factor to offer: here a passkey only.
      expect(login.json).toMatchObject({ success: true, factorKinds: ['passkey'] });
      const { challenge } = login.json as { challenge: string };
      expect(await sessions(userId)).toBe(before);
      const opts = await call(t.app, 'POST', '/api/user/login/second-factor/passkey-options', {
        body: { challenge },
      });
      expect(opts.status).toBe(200);
      const ceremony = opts.json as Ceremony;
      expect(ceremony.options.allowCredentials?.map((c) => c.id)).toEqual([authenticator.id]);
      const res = await call(t.app, 'POST', '/api/user/login/second-factor', {
        body: {
          challenge,
          passkey: {
            ceremonyId: ceremony.ceremonyId,
            credential: authenticator.get({ challenge: ceremony.options.challenge }),
          },
        },
      });
      expect(res.status).toBe(200);
      expect((res.json as { data?: { token: string } }).data?.token).toBeTruthy();
      expect(await sessions(userId)).toBe(before + 1);
    });

    it("another account's passkey does not answer this account's second step", async () => {
      const email = 'pk.second.a@example.com';
      await withPasskey(email);
      const other = await withPasskey('pk.second.b@example.com');
      const challenge = await passwordStep(t.app, email, password);
      const opts = await call(t.app, 'POST', '/api/user/login/second-factor/passkey-options', {
        body: { challenge },
      });
      const ceremony = opts.json as Ceremony;
      const res = await call(t.app, 'POST', '/api/user/login/second-factor', {
        body: {
          challenge,
          passkey: {
            ceremonyId: ceremony.ceremonyId,
            credential: other.authenticator.get({ challenge: ceremony.options.challenge }),
          },
        },
      });
      expect(res.status).toBe(401);
      expect(
        await sqlCount(
          t,
          'SELECT attempts AS n FROM sign_in_challenges WHERE user_id = (SELECT id FROM users WHERE email = $1)',
          [email],
        ),
      ).toBe(1);
    });

    it('a second step with neither a code nor a passkey, or with both, is a 400', async () => {
      const email = 'pk.second.shape@example.com';
      const { authenticator } = await withPasskey(email);
      const challenge = await passwordStep(t.app, email, password);
      const neither = await call(t.app, 'POST', '/api/user/login/second-factor', {
        body: { challenge },
      });
      expect(neither.status).toBe(400);
      const both = await call(t.app, 'POST', '/api/user/login/second-factor', {
        body: {
          challenge,
          code: '123456',
          passkey: {
            ceremonyId: crypto.randomUUID(),
            credential: authenticator.get({ challenge: 'x' }),
          },
        },
      });
      expect(both.status).toBe(400);
      const gone = await call(t.app, 'POST', '/api/user/login/second-factor/passkey-options', {
        body: { challenge: 'a'.repeat(43) },
      });
      expect(gone.status).toBe(410);
    });
  });

  describe('as the factor the data download asks for with the password', () => {
    async function reauthAnswer(token: string, authenticator: SoftAuthenticator) {
      const res = await call(t.app, 'POST', '/api/account/passkeys/reauth-options', {
        headers: as(token),
      });
      expect(res.status).toBe(200);
      const { ceremonyId, options } = res.json as Ceremony;
      expect(options.allowCredentials?.map((c) => c.id)).toEqual([authenticator.id]);
      return { ceremonyId, credential: authenticator.get({ challenge: options.challenge }) };
    }
    const download = (token: string, body: unknown) =>
      call(t.app, 'POST', '/api/account/data-export', { headers: as(token), body });

    it('a passkey-only account downloads its data with its password and its passkey', async () => {
      const { token, authenticator } = await withPasskey('pk.export@example.com');
      const alone = await download(token, { password });
      expect(alone.status).toBe(400);
      expect((alone.json as { error: string }).error).toBe(
        sayIn('en', accountMessages.twoStep.codeAlsoRequired),
      );
      const passkey = await reauthAnswer(token, authenticator);
      const res = await download(token, { password, passkey });
      expect(res.status).toBe(200);
      // The ceremony is answered once.
      expect((await download(token, { password, passkey })).status).toBe(410);
    });

    it("another account's passkey, or one without its user verified, is not this account's factor", async () => {
      const a = await withPasskey('pk.export.a@example.com');
      const b = await withPasskey('pk.export.b@example.com');
      const res = await call(t.app, 'POST', '/api/account/passkeys/reauth-options', {
        headers: as(a.token),
      });
      const { ceremonyId, options } = res.json as Ceremony;
      const foreign = await download(a.token, {
        password,
        passkey: { ceremonyId, credential: b.authenticator.get({ challenge: options.challenge }) },
      });
      expect(foreign.status).toBe(400);
      a.authenticator.userVerified = false;
      const unverified = await download(a.token, {
        password,
        passkey: await reauthAnswer(a.token, a.authenticator),
      });
      expect(unverified.status).toBe(400);
    });
  });

  it('a passkey is removed like an app (the password asked again), and then signs in no more', async () => {
    const { token, authenticator } = await withPasskey('pk.remove@example.com');
    const listed = await call(t.app, 'GET', '/api/account/second-factors', { headers: as(token) });
    const [factor] = (listed.json as { factors: { id: string }[] }).factors;
    const res = await call(t.app, 'POST', `/api/account/second-factors/${factor?.id}/remove`, {
      headers: as(token),
      body: { password },
    });
    expect(res.status).toBe(200);
    expect((await signInWith(authenticator)).status).toBe(401);
  });
});
