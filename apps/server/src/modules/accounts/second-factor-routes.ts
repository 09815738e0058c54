import {
  confirmTotpEndpoint,
  listSecondFactorsEndpoint,
  reauthProofOf,
  regenerateRecoveryCodesEndpoint,
  removeSecondFactorEndpoint,
  renameSecondFactorEndpoint,
  startTotpEndpoint,
} from '@adboard/shared';
import type { FastifyInstance } from 'fastify';
import type { ActorUser } from '../../domain/actor.js';
import { preparedRoute, route, type RouteChain } from '../../http/route.js';
import { siteById } from '../sites/site-by-id.js';
import type { AccountDeps } from './account-deps.js';
import { reauthFrom } from './account-request.js';
import { finishReauth, prepareReauth } from './reauthenticate.js';
import {
  confirmTotp,
  listSecondFactors,
  regenerateRecoveryCodes,
  removeSecondFactor,
  renameSecondFactor,
  startTotp,
} from './second-factors.js';

/** The account's own brand: the issuer its app shows, the rule of its site. */
const accountSite = (user: ActorUser) => siteById(user.siteId);

/**
 * The account page's two-step sign-in (issue 27). Every change carries the password
 * or a current code in its body (prepareReauth outside the transaction: argon2 and
 * the count of the guess; finishReauth in it: a code is used).
 */
export function secondFactorRoutes(
  app: FastifyInstance,
  deps: AccountDeps & { routeChain: RouteChain },
): void {
  const guard = deps.routeChain.limiter.signIn;

  route(app, deps.routeChain, listSecondFactorsEndpoint, async ({ db, user }) =>
    listSecondFactors(db, user, accountSite(user)),
  );

  route(app, deps.routeChain, startTotpEndpoint, async ({ tx, user }) =>
    startTotp(tx, deps, user, accountSite(user)),
  );

  preparedRoute(
    app,
    deps.routeChain,
    confirmTotpEndpoint,
  )({
    prepare: ({ db, body, user, request }) =>
      prepareReauth(db, guard, reauthFrom(request), user, reauthProofOf(body)),
    write: async ({ tx, body, user }, reauth) => {
      const site = accountSite(user);
      await finishReauth(tx, deps, user, site, reauth);
      const recoveryCodes = await confirmTotp(tx, deps, user, site, body);
      return recoveryCodes ? { success: true, recoveryCodes } : { success: true };
    },
  });

  preparedRoute(
    app,
    deps.routeChain,
    renameSecondFactorEndpoint,
  )({
    prepare: ({ db, body, user, request }) =>
      prepareReauth(db, guard, reauthFrom(request), user, reauthProofOf(body)),
    write: async ({ tx, body, params, user }, reauth) => {
      await finishReauth(tx, deps, user, accountSite(user), reauth);
      await renameSecondFactor(tx, user, params.id, body.name);
      return { success: true };
    },
  });

  preparedRoute(
    app,
    deps.routeChain,
    removeSecondFactorEndpoint,
  )({
    prepare: ({ db, body, user, request }) =>
      prepareReauth(db, guard, reauthFrom(request), user, reauthProofOf(body)),
    write: async ({ tx, params, user }, reauth) => {
      const site = accountSite(user);
      await finishReauth(tx, deps, user, site, reauth);
      await removeSecondFactor(tx, deps, user, site, params.id);
      return { success: true };
    },
  });

  preparedRoute(
    app,
    deps.routeChain,
    regenerateRecoveryCodesEndpoint,
  )({
    prepare: ({ db, body, user, request }) =>
      prepareReauth(db, guard, reauthFrom(request), user, reauthProofOf(body)),
    write: async ({ tx, user }, reauth) => {
      const site = accountSite(user);
      await finishReauth(tx, deps, user, site, reauth);
      const recoveryCodes = await regenerateRecoveryCodes(tx, deps, user, site);
      return { success: true, recoveryCodes };
    },
  });
}
