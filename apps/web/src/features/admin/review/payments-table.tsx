import { consoleMessages, type AdReview } from '@adboard/shared';
import { btcText, fiatText } from '../money-text';
import { formatWhenRelative } from '../time-text';

const text = consoleMessages.review;
const columns = text.paymentColumns;

/** The ad's payment orders, as the payments module recorded them. */
export function PaymentsTable({ payments }: { payments: AdReview['payments'] }) {
  if (payments.length === 0) return <p className="empty">{text.noPayments}</p>;
  return (
    <div className="table-scroll">
      <table className="table" aria-label={text.paymentsHeading}>
        <thead>
          <tr>
            <th scope="col">{columns.order}</th>
            <th scope="col">{columns.product}</th>
            <th scope="col">{columns.status}</th>
            <th scope="col">{columns.amount}</th>
            <th scope="col">{columns.received}</th>
            <th scope="col">{columns.created}</th>
            <th scope="col">{columns.completed}</th>
          </tr>
        </thead>
        <tbody>
          {payments.map((payment) => (
            <tr key={payment.orderId}>
              <td className="table__mono">{payment.orderId}</td>
              <td>{`${payment.product} ${payment.optionId}`}</td>
              <td>{payment.status}</td>
              <td className="table__nowrap">
                {fiatText(payment.amountFiat, payment.currency)}
                <br />
                <span className="table__muted">{btcText(payment.amountSats)}</span>
              </td>
              <td className="table__nowrap">{btcText(payment.receivedSats)}</td>
              <td className="table__nowrap">{formatWhenRelative(payment.createdAt)}</td>
              <td className="table__nowrap">{formatWhenRelative(payment.completedAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
