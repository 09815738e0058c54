import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { FakeEsplora } from '../../adapters/chain/fake-esplora-server.js';
import { parseInput } from '../../http/validate.js';

const payBody = z.object({
  address: z.string().regex(/^[a-z0-9]{14,90}$/i),
  sats: z.coerce.number().int().positive().max(2_100_000_000_000_000),
  confirmed: z.boolean().optional(),
});
const mineBody = z.object({ blocks: z.coerce.number().int().min(1).max(100).default(1) });

/**
 * Development only, with the built-in fake chain: pay an address and mine
 * blocks from a browser or a script, to try the payment view without Bitcoin.
 */
export function devChainRoutes(app: FastifyInstance, fake: FakeEsplora): void {
  app.post('/dev/chain/pay', async (request) => {
    const body = parseInput(payBody, request.body);
    const txid = fake.pay(body.address, BigInt(body.sats), { confirmed: body.confirmed ?? false });
    return { success: true, txid };
  });
  app.post('/dev/chain/mine', async (request) => {
    const { blocks } = parseInput(mineBody, request.body ?? {});
    return { success: true, tip: fake.mine(blocks) };
  });
}
