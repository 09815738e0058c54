import { z } from 'zod';
import { emailSchema } from '../../schemas/common.js';
import { outboxMessageSchema } from '../../schemas/outbox.js';
import { endpoint } from '../endpoint.js';
import { doneSchema } from '../../schemas/common.js';

/** Development only: registered outside production, never in the production app. */
const tag = 'Development';

const payBody = z.object({
  address: z.string().regex(/^[a-z0-9]{14,90}$/i),
  sats: z.coerce.number().int().positive().max(2_100_000_000_000_000),
  confirmed: z.boolean().optional(),
});
const mineBody = z.object({ blocks: z.coerce.number().int().min(1).max(100).default(1) });
const outboxQuery = z.object({
  to: z.union([
    emailSchema,
    z
      .string()
      .trim()
      .regex(/^\+?\d{6,16}$/),
  ]),
});

export const devChainPay = endpoint({
  method: 'POST',
  path: '/dev/chain/pay',
  // The local fake chain's state only: nothing stored in the database.
  writes: false,
  summary: 'Pays an address on the built-in fake chain (unconfirmed unless asked).',
  tag,
  access: 'anyone',
  body: payBody,
  responses: { 200: doneSchema.extend({ txid: z.string() }) },
  errors: [],
});

export const devChainMine = endpoint({
  method: 'POST',
  path: '/dev/chain/mine',
  // The local fake chain's state only: nothing stored in the database.
  writes: false,
  summary: 'Mines blocks on the built-in fake chain (one when none is said); answers the tip.',
  tag,
  access: 'anyone',
  body: mineBody,
  responses: { 200: doneSchema.extend({ tip: z.number().int() }) },
  errors: [],
});

export const readDevOutbox = endpoint({
  method: 'GET',
  path: '/dev/outbox',
  summary: 'The newest messages to one address, as the mail or SMS would read.',
  tag,
  access: 'anyone',
  query: outboxQuery,
  responses: { 200: z.array(outboxMessageSchema) },
  errors: [],
});
