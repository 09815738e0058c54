import { consoleMessages, type QueueItem } from '@adboard/shared';
import { Link, useLocation } from 'react-router';
import { reportReasonLabel } from './labels';
import { timeLeftText } from './time-text';

const text = consoleMessages.queue;
const columns = text.columns;

/** Why an ad is in the queue: a review, an edit of a live ad, a report (its most urgent reason), and counts. */
export function whyText(item: QueueItem): string {
  const parts = [
    item.kind === 'report' && item.topReport
      ? text.report(reportReasonLabel(item.topReport))
      : item.kind === 'revision'
        ? text.revision
        : text.review,
  ];
  if (item.kind === 'review' && item.openReports > 0) {
    const top = item.topReport ? ` (${reportReasonLabel(item.topReport)})` : '';
    parts.push(`${text.reports(item.openReports)}${top}`);
  }
  if (item.kind === 'report' && item.openReports > 1) parts.push(text.reports(item.openReports));
  if (item.flagCount > 0) parts.push(text.flags(item.flagCount));
  return parts.join(' · ');
}

/** The path of one ad's review screen; the queue's own address rides along to come back to. */
export function reviewPath(adId: string): string {
  return `/admin/posts/${encodeURIComponent(adId)}`;
}

/** The waiting ads, most pressing first as the server orders them. */
export function QueueTable({ items, labelId }: { items: readonly QueueItem[]; labelId: string }) {
  const location = useLocation();
  const back = { from: location.pathname + location.search };
  return (
    <div className="table-scroll">
      <table className="table" aria-labelledby={labelId}>
        <thead>
          <tr>
            <th scope="col">{columns.id}</th>
            <th scope="col">{columns.title}</th>
            <th scope="col">{columns.site}</th>
            <th scope="col">{columns.city}</th>
            <th scope="col">{columns.type}</th>
            <th scope="col">{columns.why}</th>
            <th scope="col">{columns.timeLeft}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => {
            const overdue = item.secondsLeft < 0;
            return (
              <tr
                key={`${item.kind}-${item.postId}`}
                className={overdue ? 'table__row--alarm' : ''}
              >
                <td className="table__mono">{item.postId}</td>
                <td>
                  <Link to={reviewPath(item.postId)} state={back}>
                    {item.title}
                  </Link>
                </td>
                <td>{item.siteId}</td>
                <td>{item.cityName}</td>
                <td>
                  {consoleMessages.adTypes[item.type]}
                  {item.paid && item.type !== 'paid' && item.type !== 'premium'
                    ? ` (${text.paid})`
                    : ''}
                </td>
                <td>{whyText(item)}</td>
                <td className={overdue ? 'table__alarm' : undefined}>
                  {timeLeftText(item.secondsLeft)}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
