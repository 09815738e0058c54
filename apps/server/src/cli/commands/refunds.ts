import {
  cliRefundMessages as m,
  cliRefundSentInputSchema,
  cliRefundsInputSchema,
  cliRefundsShown,
  formatBtc,
} from '@adboard/shared';
import { NotFoundError } from '../../domain/errors.js';
import { listRefundsDue, markRefundSent } from '../../modules/moderation/refunds-admin.js';
import { CliRefusal, defineCommand } from '../command.js';

/** An amount in sats (as the console's refund carries it) as BTC and sats texts. */
function amountOf(sats: string): { btc: string; sats: string } {
  return { btc: formatBtc(BigInt(sats)), sats };
}

/** `refunds`: the console's refund list, narrowed to what is owed, oldest first. */
export const refundsCommand = defineCommand({
  name: 'refunds',
  summary: m.refundsSummary,
  usage: '',
  options: {},
  input: cliRefundsInputSchema,
  async run(context) {
    const database = await context.session.database();
    const { items, total } = await listRefundsDue(database.db, cliRefundsShown);
    if (items.length === 0) {
      context.io.out(m.none);
      return;
    }
    for (const refund of items) {
      context.io.out(
        m.refundLine({
          id: refund.id,
          ...amountOf(refund.amountSats),
          address: refund.refundAddress,
          adId: refund.postId,
          orderId: refund.orderId,
          since: refund.createdAt,
          reason: refund.reason,
        }),
      );
    }
    if (total > items.length) context.io.out(m.more(items.length, total));
  },
});

/** `refund-sent`: what the console's Mark sent does, as the operator. */
export const refundSentCommand = defineCommand({
  name: 'refund-sent',
  summary: m.refundSentSummary,
  usage: '--id <refund id> --txid <transaction id>',
  options: {
    id: { type: 'string', value: '<refund id>', description: m.idOption },
    txid: { type: 'string', value: '<transaction id>', description: m.txidOption },
  },
  input: cliRefundSentInputSchema,
  async run(context, input) {
    const services = await context.session.services();
    let refund;
    try {
      refund = await services.database.transaction((tx) =>
        markRefundSent(tx, context.operator, input.id, input.txid),
      );
    } catch (error) {
      if (error instanceof NotFoundError) throw new CliRefusal(m.noSuchRefund(input.id));
      throw error;
    }
    context.io.out(
      m.sent({
        id: refund.id,
        ...amountOf(refund.amountSats),
        address: refund.refundAddress ?? '',
        txid: refund.sentTxid ?? '',
      }),
    );
  },
});
