/** One output paying an order's address, as the chain reports it now. */
export interface SeenOutput {
  txid: string;
  vout: number;
  sats: bigint;
  confirmed: boolean;
  blockHeight: number | null;
}

export type OrderStatus = 'assigned' | 'processing' | 'complete';

export interface OrderState {
  status: OrderStatus;
  receivedSats: bigint;
  confirmedSats: bigint;
}

/**
 * The order's status follows the sum of what pays its address: anything seen
 * makes it processing; enough with the required confirmations completes it.
 * Underpaid stays processing; outputs that vanished count for nothing.
 */
export function evaluateOrder(
  outputs: readonly SeenOutput[],
  amountSats: bigint,
  tipHeight: number,
  requiredConfirmations: number,
): OrderState {
  let receivedSats = 0n;
  let confirmedSats = 0n;
  for (const output of outputs) {
    receivedSats += output.sats;
    const confirmations =
      output.confirmed && output.blockHeight !== null ? tipHeight - output.blockHeight + 1 : 0;
    if (confirmations >= requiredConfirmations) confirmedSats += output.sats;
  }
  const status: OrderStatus =
    confirmedSats >= amountSats ? 'complete' : receivedSats > 0n ? 'processing' : 'assigned';
  return { status, receivedSats, confirmedSats };
}
