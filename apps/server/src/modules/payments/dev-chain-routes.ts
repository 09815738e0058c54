import { devChainMine, devChainPay } from '@adboard/shared';
import type { FastifyInstance } from 'fastify';
import type { FakeEsplora } from '../../adapters/chain/fake-esplora-server.js';
import { route, type RouteChain } from '../../http/route.js';

/**
 * Development only, with the built-in fake chain: pay an address and mine
 * blocks from a browser or a script, to try the payment view without Bitcoin.
 */
export function devChainRoutes(
  app: FastifyInstance,
  deps: { routeChain: RouteChain; fake: FakeEsplora },
): void {
  route(app, deps.routeChain, devChainPay, async ({ body }) => {
    const txid = deps.fake.pay(body.address, BigInt(body.sats), {
      confirmed: body.confirmed ?? false,
    });
    return { success: true, txid };
  });
  route(app, deps.routeChain, devChainMine, async ({ body }) => ({
    success: true,
    tip: deps.fake.mine(body.blocks),
  }));
}
