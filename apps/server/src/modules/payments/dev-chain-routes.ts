import { devChainMine, devChainPay } from '@adboard/shared';
import type { FastifyInstance } from 'fastify';
import type { FakeEsplora } from '../../adapters/chain/fake-esplora-server.js';
import { route, type RouteChain } from '../../http/route.js';
import { markOpenOrdersDue } from './order-repository.js';

/**
 * Development only, with the built-in fake chain: pay an address and mine
 * blocks from a browser or a script, to try the payment view without Bitcoin.
 * Both make every open order due at once (as a restart does), so the payment
 * watcher, which looks every second for due orders, sees the payment or the block
 * within a second or two instead of at the order's next scheduled check (every
 * 25 s while its address is open). Production has no such routes: there the
 * schedule alone decides.
 */
export function devChainRoutes(
  app: FastifyInstance,
  deps: { routeChain: RouteChain; fake: FakeEsplora },
): void {
  route(app, deps.routeChain, devChainPay, async ({ body }) => {
    const txid = deps.fake.pay(body.address, BigInt(body.sats), {
      confirmed: body.confirmed ?? false,
    });
    await markOpenOrdersDue(deps.routeChain.database.db);
    return { success: true, txid };
  });
  route(app, deps.routeChain, devChainMine, async ({ body }) => {
    const tip = deps.fake.mine(body.blocks);
    await markOpenOrdersDue(deps.routeChain.database.db);
    return { success: true, tip };
  });
}
