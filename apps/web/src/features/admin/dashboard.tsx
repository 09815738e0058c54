import { consoleMessages, type Dashboard } from '@adboard/shared';
import { adminApi } from '../../lib/admin-api';
import { ConsoleSection } from './console-section';
import { QueryView } from './query-view';
import { agoText } from './time-text';
import { useAdminQuery } from './use-admin-query';

const text = consoleMessages.dashboard;

/** The queue and its numbers at a glance (GET /api/admin/dashboard). */
export function DashboardPanel() {
  const dashboard = useAdminQuery(['dashboard'], adminApi.dashboard);
  return (
    <ConsoleSection title={text.heading}>
      <QueryView query={dashboard}>{(data) => <DashboardFigures data={data} />}</QueryView>
    </ConsoleSection>
  );
}

function DashboardFigures({ data }: { data: Dashboard }) {
  const figures: { label: string; value: string; alarm: boolean }[] = [
    { label: text.queued, value: count(data.queued), alarm: false },
    { label: text.waiting, value: count(data.waiting), alarm: false },
    { label: text.overdue, value: count(data.overdue), alarm: data.overdue > 0 },
    { label: text.oldest, value: agoText(data.oldestSubmittedAt), alarm: false },
    { label: text.approvedToday, value: count(data.approvedToday), alarm: false },
    { label: text.rejectedToday, value: count(data.rejectedToday), alarm: false },
    { label: text.openReports, value: count(data.openReports), alarm: false },
    { label: text.urgentReports, value: count(data.urgentReports), alarm: data.urgentReports > 0 },
    { label: text.refundsToSend, value: count(data.refundsToSend), alarm: false },
  ];
  return (
    <dl className="stats">
      {figures.map((figure) => (
        <div
          key={figure.label}
          className={figure.alarm ? 'stats__item stats__item--alarm' : 'stats__item'}
        >
          <dt className="stats__label">{figure.label}</dt>
          <dd className="stats__value">{figure.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function count(value: number): string {
  return value.toLocaleString('en-US');
}
