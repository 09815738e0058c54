import { consoleMessages } from '@adboard/shared';
import { useSearchParams } from 'react-router';
import { Pagination, pageParam, withPage } from '../features/admin/pagination';
import { QueryView } from '../features/admin/query-view';
import { ReportsTable } from '../features/admin/reports-table';
import { useAdminQuery } from '../features/admin/use-admin-query';
import { useDocumentTitle } from '../features/site/site-context';
import { ScreenCard } from '../features/ui/screen-card';
import { SelectField } from '../features/ui/select-field';
import { adminApi, type ReportState } from '../lib/admin-api';

const text = consoleMessages.reports;
const stateOptions: { value: ReportState; label: string }[] = [
  { value: 'open', label: text.open },
  { value: 'resolved', label: text.resolved },
];

/** /admin/reports: visitors' reports, open (most urgent first) or resolved. */
export default function ReportsScreen() {
  useDocumentTitle(text.heading);
  const [params, setParams] = useSearchParams();
  const state: ReportState = params.get('state') === 'resolved' ? 'resolved' : 'open';
  const page = pageParam(params);
  const reports = useAdminQuery(['reports', state, page], () => adminApi.reports({ state, page }));

  return (
    <ScreenCard title={text.heading} width="wide">
      <div className="filters">
        <SelectField
          label={text.stateLabel}
          name="state"
          value={state}
          options={stateOptions}
          onValueChange={(value) =>
            setParams(value === 'resolved' ? { state: value } : new URLSearchParams())
          }
        />
      </div>
      <QueryView query={reports}>
        {(data) =>
          data.items.length === 0 ? (
            <p className="empty">{text.empty}</p>
          ) : (
            <>
              <ReportsTable reports={data.items} label={text.heading} />
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
    </ScreenCard>
  );
}
