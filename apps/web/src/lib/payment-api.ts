import {
  checkPaymentStatusEndpoint,
  openPaymentOrderEndpoint,
  paymentAddressEndpoint,
  paymentReceiptsEndpoint,
  paymentStatusEndpoint,
  refundAddressEndpoint,
  type OpenPaymentOrder,
  type PaymentAddress,
  type PaymentProduct,
  type PaymentReceipt,
  type PaymentStatus,
  type PaymentStatusResult,
  type BodyInputOf,
} from '@adboard/shared';
import { call } from './client';

export type RefundAddressBody = BodyInputOf<typeof refundAddressEndpoint>;

/** The payment and refund calls, each a declared endpoint of packages/shared/src/contract. */
export const paymentApi = {
  /**
   * GET /payment/address/BTC/{postId}/{product}/{optionId}: the order's address and
   * amounts. The server creates the order, or answers the one still open.
   */
  getPaymentAddress(
    adId: string,
    product: PaymentProduct,
    optionId: string,
    idempotencyKey?: string,
  ): Promise<PaymentAddress> {
    return call(
      paymentAddressEndpoint,
      { params: { postId: adId, product, optionId } },
      { adId, ...(idempotencyKey === undefined ? {} : { idempotencyKey }) },
    );
  },

  /**
   * GET /payment/order/BTC/{postId}: the ad's open order (not complete, address
   * not expired), or null. The payment view shows it again after a reload.
   */
  async getOpenPaymentOrder(adId: string): Promise<OpenPaymentOrder | null> {
    return (await call(openPaymentOrderEndpoint, { params: { postId: adId } }, { adId })).order;
  },

  /** GET /payment/status/BTC/{postId}/{address}: the status as the server knows it. */
  getPaymentStatus(adId: string, address: string): Promise<PaymentStatusResult> {
    return call(paymentStatusEndpoint, { params: { postId: adId, address } }, { adId });
  },

  /**
   * POST /payment/status/BTC/{postId}/{address} { status }: asks the server to check
   * the chain now, with the status this page knows (at each poll while nothing is
   * seen, and when a read status changed). Only a request to check: the answer is the
   * server's status.
   */
  pushPaymentStatus(
    adId: string,
    address: string,
    status: PaymentStatus,
  ): Promise<PaymentStatusResult> {
    return call(
      checkPaymentStatusEndpoint,
      { params: { postId: adId, address }, body: { status } },
      { adId },
    );
  },

  /** GET /payment/receipts/BTC/{postId}: the receipts of the ad's paid orders, newest first. */
  async getPaymentReceipts(adId: string): Promise<PaymentReceipt[]> {
    return (await call(paymentReceiptsEndpoint, { params: { postId: adId } }, { adId })).receipts;
  },

  /**
   * POST /api/refund/address: where to send the refund of a rejected paid ad. A bad
   * address rejects with `fields.address`; a used or unknown link with the server's error.
   */
  async giveRefundAddress(body: RefundAddressBody): Promise<void> {
    await call(refundAddressEndpoint, { body });
  },
};
