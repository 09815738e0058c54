import {
  addPasskeyEndpoint,
  passkeySignInEndpoint,
  reauthProofOf,
  startPasskeyReauthEndpoint,
  startPasskeyRegistrationEndpoint,
  startPasskeySecondStepEndpoint,
  startPasskeySignInEndpoint,
} from '@adboard/shared';
import type { FastifyInstance } from 'fastify';
import { preparedRoute, route, type RouteChain } from '../../http/route.js';
import type { AccountDeps } from './account-deps.js';
import { browserOf, reauthFrom, setDeviceCookie, siteContext } from './account-request.js';
import {
  addPasskey,
  signInWithPasskey,
  startOwnPasskeyCeremony,
  startPasskeyRegistration,
  startPasskeySignIn,
} from './passkeys.js';
import { finishReauth, prepareReauth } from './reauthenticate.js';
import { openChallenge } from './sign-in-second-step.js';

/**
 * Passkeys (issue 27): added on the account page (the password or a current code
 * asked again, like every factor), used for a sign-in without a password and as the
 * sign-in's second step. Each ceremony's challenge is kept on the server, answered once.
 */
export function passkeyRoutes(
  app: FastifyInstance,
  deps: AccountDeps & { routeChain: RouteChain },
): void {
  const guard = deps.routeChain.limiter.signIn;

  route(app, deps.routeChain, startPasskeyRegistrationEndpoint, async ({ tx, user, request }) =>
    startPasskeyRegistration(tx, user, siteContext(request)),
  );

  preparedRoute(
    app,
    deps.routeChain,
    addPasskeyEndpoint,
  )({
    prepare: ({ db, body, user, request }) =>
      prepareReauth(db, guard, reauthFrom(request), user, reauthProofOf(body)),
    write: async ({ tx, body, user, request }, reauth) => {
      const ctx = siteContext(request);
      await finishReauth(tx, deps, user, ctx.site, reauth);
      const recoveryCodes = await addPasskey(tx, deps, user, ctx, body);
      return recoveryCodes ? { success: true, recoveryCodes } : { success: true };
    },
  });

  route(app, deps.routeChain, startPasskeyReauthEndpoint, async ({ tx, user, request }) =>
    startOwnPasskeyCeremony(tx, siteContext(request), user.id, 'reauth'),
  );

  route(app, deps.routeChain, startPasskeySignInEndpoint, async ({ tx, request }) =>
    startPasskeySignIn(tx, siteContext(request)),
  );

  route(
    app,
    deps.routeChain,
    passkeySignInEndpoint,
    async ({ tx, body, request, reply, afterCommit }) => {
      const outcome = await signInWithPasskey(tx, { ...deps, guard }, siteContext(request), body, {
        ip: request.ip,
        ...browserOf(request),
      });
      afterCommit(async () => setDeviceCookie(request, reply, outcome.user, outcome.deviceId));
      return { success: true, data: outcome.data };
    },
  );

  route(app, deps.routeChain, startPasskeySecondStepEndpoint, async ({ tx, body, request }) => {
    const { user } = await openChallenge(tx, body.challenge);
    return startOwnPasskeyCeremony(tx, siteContext(request), user.id, 'second-step');
  });
}
