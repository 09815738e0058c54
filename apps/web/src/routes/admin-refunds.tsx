import { consoleMessages } from '@adboard/shared';
import { useSearchParams } from 'react-router';
import { Pagination, pageParam, withPage } from '../features/admin/pagination';
import { QueryView } from '../features/admin/query-view';
import { RefundsTable } from '../features/admin/refunds-table';
import { useAdminQuery } from '../features/admin/use-admin-query';
import { isAdmin, useRole } from '../features/admin/use-role';
import { useDocumentTitle } from '../features/site/site-context';
import { ScreenCard } from '../features/ui/screen-card';
import { SelectField } from '../features/ui/select-field';
import { adminApi, type RefundState } from '../lib/admin-api';

const text = consoleMessages.refunds;
const refundStates = Object.keys(text.states) as RefundState[];
const stateOptions = refundStates.map((state) => ({ value: state, label: text.states[state] }));

function stateParam(value: string | null): RefundState | undefined {
  return refundStates.find((state) => state === value);
}

/** /admin/refunds: refunds of rejected paid ads, by state. */
export default function RefundsScreen() {
  useDocumentTitle(text.heading);
  const { role } = useRole();
  const [params, setParams] = useSearchParams();
  const state = stateParam(params.get('state'));
  const page = pageParam(params);
  const refunds = useAdminQuery(['refunds', state ?? 'any', page], () =>
    adminApi.refunds({ state, page }),
  );

  return (
    <ScreenCard title={text.heading} width="wide">
      <div className="filters">
        <SelectField
          label={text.stateFilter}
          name="state"
          value={state ?? ''}
          options={stateOptions}
          emptyLabel={text.any}
          onValueChange={(value) => setParams(value ? { state: value } : new URLSearchParams())}
        />
      </div>
      <QueryView query={refunds}>
        {(data) =>
          data.items.length === 0 ? (
            <p className="empty">{text.empty}</p>
          ) : (
            <>
              <RefundsTable refunds={data.items} canMarkSent={isAdmin(role)} />
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
