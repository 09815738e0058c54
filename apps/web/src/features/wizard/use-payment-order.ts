import type {
  DurationId,
  OpenPaymentOrder,
  PaymentAddress,
  PaymentProduct,
  PaymentStatus,
  PaymentStatusResult,
} from '@adboard/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { adApi } from '../../lib/ad-api';
import { ApiError } from '../../lib/api';
import { paymentApi } from '../../lib/payment-api';
import { createAttemptKeys } from '../../lib/request-key';
import { addressDeadline, awaitingPayment, paymentPollMs, returnCheckGapMs } from './payment-model';

/** GET /payment/order/BTC/{postId}: the ad's open order, cached per ad. */
export const openOrderQueryKey = (adId: string) => ['payment-order', adId] as const;

export interface IssuedOrder {
  /** The server's answer: address, amounts, BIP21 uri, explorer link. */
  address: PaymentAddress;
  optionId: DurationId;
  /** When the address stops being shown, on this browser's clock. */
  deadline: number;
}

export interface PaymentOrder {
  order: IssuedOrder | null;
  status: PaymentStatus | null;
  missingCrypto: string | null;
  /** Milliseconds left on the address countdown. */
  remainingMs: number;
  /** The countdown ran out before any payment was seen: polling has stopped. */
  expired: boolean;
  complete: boolean;
  requesting: boolean;
  /** Why the last address request failed; null when it did not. */
  error: unknown;
  /**
   * Minutes left on the open address, when another duration was chosen while it is
   * open: that address is shown again (no second one is asked for until it expires),
   * with this to say why. Null otherwise.
   */
  blockedMinutes: number | null;
  /**
   * Asks the server for the address of a duration (a new order, or the one still
   * open); the open address of this duration is shown again without asking.
   */
  request: (optionId: DurationId) => void;
  /** Forgets the order shown, to choose another duration. */
  reset: () => void;
}

/**
 * The order of the payment view (SPEC.md section 4). On load the ad's open order is
 * read from the server (TanStack Query), so a reload or a return shows the address
 * still open, with the countdown of its real expiry, instead of offering a second
 * address to pay. While it is open, another duration is not asked for (the server
 * refuses it too). Each address request carries an Idempotency-Key, the same for
 * its retries. Once an address exists its
 * status is polled every 15 s until it is complete, or until the 20-minute countdown
 * runs out with nothing seen. While nothing is seen the poll asks the server to check
 * the chain now (POST, the server's answer; a refused check falls back to the stored
 * status), so a payment in the mempool shows at the next poll, or at once when the
 * payer comes back to the page (focus, or the tab shown again); once seen, the poll
 * reads the stored status the watcher keeps. A status read that differs from the one
 * known before (the address's own status is the initial one) is pushed to the server,
 * which only makes it check now, and processing or complete sends the payment_complete
 * analytics event once per address. A payment seen before the countdown ends keeps
 * being watched: the address still receives, and the page must not ask to pay again.
 */
export function usePaymentOrder({
  postId: adId,
  product,
  onComplete,
}: {
  postId: string;
  product: PaymentProduct;
  onComplete: () => void;
}): PaymentOrder {
  const [order, setOrder] = useState<IssuedOrder | null>(null);
  const [state, setState] = useState<{ status: PaymentStatus; missing: string | null } | null>(
    null,
  );
  const [now, setNow] = useState(() => Date.now());
  const [requesting, setRequesting] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [blockedMinutes, setBlockedMinutes] = useState<number | null>(null);
  const queryClient = useQueryClient();
  const openOrder = useQuery({
    queryKey: openOrderQueryKey(adId),
    queryFn: () => paymentApi.getOpenPaymentOrder(adId),
    staleTime: 0,
  });

  // The order and status answers apply to; answers about another address are dropped.
  const current = useRef<{ address: string; optionId: DurationId } | null>(null);
  const known = useRef<PaymentStatus | null>(null);
  const eventSent = useRef(new Set<string>());
  const polling = useRef(false);
  // The last order shown: while its address is open, it is the ad's only one.
  const held = useRef<IssuedOrder | null>(null);
  // Addresses shown once: the open order is not shown again after 'another duration'.
  const shown = useRef(new Set<string>());
  const keys = useRef(createAttemptKeys());
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);
  const completed = useRef(onComplete);
  useEffect(() => {
    completed.current = onComplete;
  });

  const apply = useCallback(
    (address: string, result: PaymentStatusResult, push: boolean) => {
      const active = current.current;
      if (!alive.current || active?.address !== address) return;
      const previous = known.current;
      known.current = result.status;
      setState({ status: result.status, missing: result.missingCrypto });
      if (result.status === previous) return;
      if (push) {
        paymentApi
          .pushPaymentStatus(adId, address, result.status)
          .then((answer) => apply(address, answer, false))
          .catch((reason: unknown) => {
            // SPEC.md section 8: network failures are only logged; the next poll reads again.
            console.warn('Payment status not sent', reason);
          });
      }
      if (
        (result.status === 'processing' || result.status === 'complete') &&
        !eventSent.current.has(address)
      ) {
        eventSent.current.add(address);
        adApi.sendEvent({
          event: 'payment_complete',
          postId: adId,
          data: { product, option: active.optionId, status: result.status },
        });
      }
      if (result.status === 'complete') {
        // Nothing is open any more: a return to the page offers the durations again.
        queryClient.setQueryData(openOrderQueryKey(adId), null);
        completed.current();
      }
    },
    [adId, product, queryClient],
  );

  const showOrder = useCallback((issued: IssuedOrder, status: PaymentStatus) => {
    current.current = { address: issued.address.address, optionId: issued.optionId };
    known.current = status;
    held.current = issued;
    shown.current.add(issued.address.address);
    setOrder(issued);
    setState({ status, missing: issued.address.missingCrypto });
    setNow(Date.now());
    setError(null);
    setBlockedMinutes(null);
  }, []);

  const show = useCallback(
    (answer: PaymentAddress, optionId: DurationId) => {
      const issued = {
        address: answer,
        optionId,
        deadline: addressDeadline(answer.expiresAt, Date.now()),
      };
      showOrder(issued, answer.status);
    },
    [showOrder],
  );

  // The order the server still has open (a reload, a return): shown as it stands.
  const open = openOrder.data;
  useEffect(() => {
    if (!open || open.product !== product || shown.current.has(open.address)) return;
    // An address asked for on this page meanwhile is the one shown.
    if (current.current !== null) return;
    show(open, open.optionId);
  }, [open, product, show]);

  const request = useCallback(
    (optionId: DurationId) => {
      const still = held.current;
      const left = still ? still.deadline - Date.now() : 0;
      if (still && left > 0 && known.current !== 'complete') {
        if (still.optionId === optionId) {
          // The open address of this duration: shown again, nothing asked.
          showOrder(still, known.current ?? still.address.status);
          return;
        }
        // Another duration: the open address stays the ad's only one until it expires,
        // so it is shown again, with its amount and why (issue 24: not a dead end).
        showOrder(still, known.current ?? still.address.status);
        setBlockedMinutes(Math.max(1, Math.ceil(left / 60_000)));
        return;
      }
      setRequesting(true);
      setError(null);
      setBlockedMinutes(null);
      paymentApi
        .getPaymentAddress(adId, product, optionId, keys.current.keyFor(optionId))
        .then((answer) => {
          keys.current.settle();
          const cached: OpenPaymentOrder = { ...answer, product, optionId };
          queryClient.setQueryData(openOrderQueryKey(adId), cached);
          if (alive.current) show(answer, optionId);
        })
        .catch((reason: unknown) => {
          if (alive.current) setError(reason);
        })
        .finally(() => {
          if (alive.current) setRequesting(false);
        });
    },
    [adId, product, queryClient, show, showOrder],
  );

  const reset = useCallback(() => {
    current.current = null;
    setOrder(null);
    setState(null);
    setError(null);
    setBlockedMinutes(null);
  }, []);

  const status = state?.status ?? null;
  const complete = status === 'complete';
  const waiting = order !== null && status !== null && awaitingPayment(status);
  const expired = waiting && order !== null && now >= order.deadline;
  const address = order?.address.address ?? null;

  // The countdown: one tick a second while nothing has been seen.
  const ticking = waiting && !expired;
  useEffect(() => {
    if (!ticking) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [ticking]);

  // The status poll: every 15 s while the address is open and the order not complete.
  const watching = address !== null && !complete && !expired;
  useEffect(() => {
    if (!watching || address === null) return;
    const poll = async () => {
      const seen = known.current;
      const checking = seen !== null && awaitingPayment(seen);
      if (checking) {
        // Nothing seen yet: the server looks at the chain now, so a payment in the
        // mempool shows at this poll rather than after the watcher's next round. Its
        // answer is the server's own look: nothing to push after it.
        try {
          apply(address, await paymentApi.pushPaymentStatus(adId, address, seen), false);
          return;
        } catch (reason) {
          // Offline: the next poll tries again. Refused (its limit) or failed: the
          // stored status still says what the watcher saw.
          if (!(reason instanceof ApiError) || reason.status === 0) throw reason;
        }
      }
      // A change is pushed, unless the check this poll asked for was just refused.
      apply(address, await paymentApi.getPaymentStatus(adId, address), !checking);
    };
    let lastPoll = 0;
    const pollOnce = () => {
      if (polling.current) return;
      polling.current = true;
      lastPoll = Date.now();
      poll()
        .catch((reason: unknown) => {
          console.warn('Payment status not read', reason);
        })
        .finally(() => {
          polling.current = false;
        });
    };
    const timer = setInterval(pollOnce, paymentPollMs);
    // Back on the page (from the wallet app or another tab): look now instead of at
    // the next poll, so a payment just sent shows as seen at once.
    const onReturn = () => {
      if (document.visibilityState !== 'visible') return;
      if (Date.now() - lastPoll < returnCheckGapMs) return;
      pollOnce();
    };
    window.addEventListener('focus', onReturn);
    document.addEventListener('visibilitychange', onReturn);
    return () => {
      clearInterval(timer);
      window.removeEventListener('focus', onReturn);
      document.removeEventListener('visibilitychange', onReturn);
    };
  }, [watching, address, adId, apply]);

  return {
    order,
    status,
    missingCrypto: state?.missing ?? null,
    remainingMs: order ? Math.max(0, order.deadline - now) : 0,
    expired,
    complete,
    requesting,
    error,
    blockedMinutes,
    request,
    reset,
  };
}
