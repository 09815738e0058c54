import { consoleMessages, type Report } from '@adboard/shared';
import { useMutation } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { errorMessage } from '../../lib/api';
import { adminApi } from '../../lib/admin-api';
import { Badge } from '../ui/badge';
import { reportReasonLabel } from './labels';
import { reviewPath } from './queue-table';
import { formatWhen, formatWhenRelative } from './time-text';
import { useRefreshConsole } from './use-admin-query';

const text = consoleMessages.reports;

interface ReportsTableProps {
  reports: readonly Report[];
  label: string;
  /** On an ad's own screen the ad column is left out. */
  showAd?: boolean;
}

/** Visitors' reports; an open one can be dismissed (the ad stays as it is). */
export function ReportsTable({ reports, label, showAd = true }: ReportsTableProps) {
  const refresh = useRefreshConsole();
  const dismiss = useMutation({
    mutationFn: (report: Report) => adminApi.dismissReport(report.id),
    onSuccess: () => toast.success(text.dismissed),
    onError: (error) => toast.error(errorMessage(error, text.dismissFailed)),
    onSettled: refresh,
  });
  const dismissing = dismiss.isPending ? dismiss.variables.id : null;

  return (
    <div className="table-scroll">
      <table className="table" aria-label={label}>
        <thead>
          <tr>
            {showAd && <th scope="col">{text.columns.ad}</th>}
            <th scope="col">{text.columns.reason}</th>
            <th scope="col">{text.columns.details}</th>
            <th scope="col">{text.columns.reported}</th>
            <th scope="col">{text.columns.resolution}</th>
          </tr>
        </thead>
        <tbody>
          {reports.map((report) => (
            <tr key={report.id} className={report.priority === 0 ? 'table__row--alarm' : ''}>
              {showAd && (
                <td>
                  <Link to={reviewPath(report.postId)}>{report.adTitle}</Link>{' '}
                  <span className="table__mono table__muted">{report.postId}</span>
                </td>
              )}
              <td>
                {reportReasonLabel(report.reason)}{' '}
                {report.priority === 0 && <Badge tone="danger">{text.urgent}</Badge>}
              </td>
              <td className="table__text">{report.details || consoleMessages.empty}</td>
              <td className="table__nowrap">{formatWhenRelative(report.createdAt)}</td>
              <td>
                {report.resolution ? (
                  `${text.resolutions[report.resolution]} · ${formatWhen(report.resolvedAt)}`
                ) : (
                  <button
                    type="button"
                    className="button button--secondary button--small"
                    onClick={() => dismiss.mutate(report)}
                    disabled={dismissing !== null}
                    aria-busy={dismissing === report.id}
                    aria-label={`${text.dismiss}: ${reportReasonLabel(report.reason)}, ${formatWhen(report.createdAt)}`}
                  >
                    {text.dismiss}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
