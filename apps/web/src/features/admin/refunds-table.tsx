import { consoleMessages, markRefundSentBodySchema, type AdminRefund } from '@adboard/shared';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { adminApi } from '../../lib/admin-api';
import { PromptDialog } from '../ui/prompt-dialog';
import { btcText, fiatText } from './money-text';
import { reviewPath } from './queue-table';
import { formatWhenRelative } from './time-text';
import { useRefreshConsole } from './use-admin-query';

const text = consoleMessages.refunds;

/** The refund in BTC, with its value in the site's currency when the order has one. */
function RefundAmount({ refund }: { refund: AdminRefund }) {
  const fiat = fiatText(refund.amountFiat, refund.currency);
  return (
    <>
      {btcText(refund.amountSats)}
      {fiat && (
        <>
          <br />
          <span className="table__muted">{fiat}</span>
        </>
      )}
    </>
  );
}

interface RefundsTableProps {
  refunds: readonly AdminRefund[];
  /** Administrators record the transaction of a refund they sent. */
  canMarkSent: boolean;
}

/** Refunds of rejected paid ads; an administrator marks a ready one sent with its txid. */
export function RefundsTable({ refunds, canMarkSent }: RefundsTableProps) {
  const refresh = useRefreshConsole();
  const [marking, setMarking] = useState<AdminRefund | null>(null);
  const markSent = useMutation({
    mutationFn: ({ refund, txid }: { refund: AdminRefund; txid: string }) =>
      adminApi.markRefundSent(refund.id, txid),
    onSuccess: () => {
      toast.success(text.markedSent);
      setMarking(null);
      void refresh();
    },
  });

  return (
    <>
      <div className="table-scroll">
        <table className="table" aria-label={text.heading}>
          <thead>
            <tr>
              <th scope="col">{text.columns.ad}</th>
              <th scope="col">{text.columns.amount}</th>
              <th scope="col">{text.columns.state}</th>
              <th scope="col">{text.columns.address}</th>
              <th scope="col">{text.columns.txid}</th>
              <th scope="col">{text.columns.created}</th>
              <th scope="col">{text.columns.sent}</th>
              {canMarkSent && <th scope="col">{text.columns.actions}</th>}
            </tr>
          </thead>
          <tbody>
            {refunds.map((refund) => (
              <tr key={refund.id}>
                <td>
                  <Link to={reviewPath(refund.postId)}>{refund.postId}</Link>
                </td>
                <td className="table__nowrap">
                  <RefundAmount refund={refund} />
                </td>
                <td>{text.states[refund.state]}</td>
                <td className="table__mono table__break">
                  {refund.refundAddress ?? consoleMessages.empty}
                </td>
                <td className="table__mono table__break">
                  {refund.sentTxid ?? consoleMessages.empty}
                </td>
                <td className="table__nowrap">{formatWhenRelative(refund.createdAt)}</td>
                <td className="table__nowrap">{formatWhenRelative(refund.sentAt)}</td>
                {canMarkSent && (
                  <td>
                    {refund.state === 'ready' && (
                      <button
                        type="button"
                        className="button button--secondary button--small"
                        onClick={() => setMarking(refund)}
                        aria-label={`${text.markSent}: ${refund.postId}`}
                      >
                        {text.markSent}
                      </button>
                    )}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {marking && (
        <PromptDialog
          title={text.markSentTitle(marking.postId)}
          label={text.txidLabel}
          hint={text.txidHint}
          cancelLabel={text.cancel}
          submitLabel={text.saveSent}
          schema={markRefundSentBodySchema}
          name="txid"
          failureMessage={consoleMessages.loadFailed}
          onSubmit={({ txid }) => markSent.mutateAsync({ refund: marking, txid })}
          onCancel={() => setMarking(null)}
        />
      )}
    </>
  );
}
