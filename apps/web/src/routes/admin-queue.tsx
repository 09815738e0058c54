import { adTypes, consoleMessages, type AdType } from '@adboard/shared';
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { DashboardPanel } from '../features/admin/dashboard';
import { Pagination, pageParam, withPage } from '../features/admin/pagination';
import { QueryView } from '../features/admin/query-view';
import { QueueFilters, type QueueFilterValues } from '../features/admin/queue-filters';
import { QueueTable } from '../features/admin/queue-table';
import { useAdminQuery } from '../features/admin/use-admin-query';
import { useDocumentTitle } from '../features/site/site-context';
import { ScreenCard } from '../features/ui/screen-card';
import { adminApi } from '../lib/admin-api';

const text = consoleMessages.queue;

function typeParam(value: string | null): AdType | undefined {
  return adTypes.find((type) => type === value);
}

/** /admin: the dashboard, then the review queue with its filters in the URL query. */
export default function QueueScreen() {
  useDocumentTitle(consoleMessages.title);
  const headingId = useId();
  const [params, setParams] = useSearchParams();
  const filters: QueueFilterValues = {
    site: params.get('site') ?? '',
    city: params.get('city') ?? '',
    type: typeParam(params.get('type')) ?? '',
  };
  const page = pageParam(params);
  const query = {
    site: filters.site || undefined,
    city: filters.city || undefined,
    type: typeParam(filters.type),
    page,
  };
  const queue = useAdminQuery(['queue', query], () => adminApi.queue(query));

  const applyFilters = (values: QueueFilterValues) => {
    const next = new URLSearchParams();
    for (const [key, value] of Object.entries(values)) if (value) next.set(key, value);
    setParams(next);
  };

  return (
    <ScreenCard title={consoleMessages.title} width="wide">
      <DashboardPanel />
      <section className="console__section" aria-labelledby={headingId}>
        <h2 className="console__heading" id={headingId}>
          {text.heading}
        </h2>
        <QueueFilters
          key={`${filters.site}|${filters.city}|${filters.type}`}
          values={filters}
          sites={queue.data?.sites ?? []}
          onApply={applyFilters}
        />
        <QueryView query={queue}>
          {(data) =>
            data.items.length === 0 ? (
              <p className="empty">{text.empty}</p>
            ) : (
              <>
                <p className="console__count">{text.total(data.total)}</p>
                <QueueTable items={data.items} labelId={headingId} />
                <Pagination
                  total={data.total}
                  page={data.page}
                  pageSize={data.pageSize}
                  onPage={(next) => setParams(withPage(params, next))}
                />
              </>
            )
          }
        </QueryView>
      </section>
    </ScreenCard>
  );
}
