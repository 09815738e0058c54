import {
  auditQuerySchema,
  auditTargetTypes,
  consoleMessages,
  type AuditTargetType,
} from '@adboard/shared';
import { useSearchParams } from 'react-router';
import { NotAllowed } from '../features/admin/admin-gate';
import { AuditTable } from '../features/admin/audit-table';
import { Pagination, pageParam, withPage } from '../features/admin/pagination';
import { QueryView } from '../features/admin/query-view';
import { useAdminQuery } from '../features/admin/use-admin-query';
import { isAdmin, useRole } from '../features/admin/use-role';
import { useDocumentTitle } from '../features/site/site-context';
import { ScreenCard } from '../features/ui/screen-card';
import { SelectField } from '../features/ui/select-field';
import { TextField } from '../features/ui/text-field';
import { orBlank, useZodForm } from '../features/ui/use-zod-form';
import { adminApi } from '../lib/admin-api';

const text = consoleMessages.audit;
const typeOptions = auditTargetTypes.map((type) => ({
  value: type,
  label: text.targetTypes[type],
}));

/** The audit query's target filters; the empty type is any type. */
const filterSchema = auditQuerySchema
  .pick({ targetId: true })
  .extend({ targetType: orBlank(auditQuerySchema.shape.targetType) });

function typeParam(value: string | null): AuditTargetType | undefined {
  return auditTargetTypes.find((type) => type === value);
}

/** /admin/audit (administrators): every moderator action, newest first. */
export default function AuditScreen() {
  const { role } = useRole();
  if (!isAdmin(role)) return <NotAllowed text={consoleMessages.adminsOnly} />;
  return <AuditLog />;
}

function AuditLog() {
  useDocumentTitle(text.heading);
  const [params, setParams] = useSearchParams();
  const targetType = typeParam(params.get('targetType'));
  const targetId = params.get('targetId')?.trim() || undefined;
  const page = pageParam(params);
  const query = { targetType, targetId, page };
  const audit = useAdminQuery(['audit', query], () => adminApi.audit(query));

  const applyFilter = (type: string, id: string) => {
    const next = new URLSearchParams();
    if (type) next.set('targetType', type);
    if (id) next.set('targetId', id);
    setParams(next);
  };

  return (
    <ScreenCard title={text.heading} width="wide">
      <AuditFilter
        key={`${targetType ?? ''}|${targetId ?? ''}`}
        type={targetType ?? ''}
        id={targetId ?? ''}
        onApply={applyFilter}
      />
      <QueryView query={audit}>
        {(data) =>
          data.items.length === 0 ? (
            <p className="empty">{text.empty}</p>
          ) : (
            <>
              <AuditTable entries={data.items} label={text.heading} />
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

interface AuditFilterProps {
  type: AuditTargetType | '';
  id: string;
  onApply: (type: string, id: string) => void;
}

function AuditFilter({ type, id, onApply }: AuditFilterProps) {
  const form = useZodForm(filterSchema, { targetType: type, targetId: id });
  const onSubmit = form.submit((values) =>
    onApply(values.targetType ?? '', (values.targetId ?? '').trim()),
  );
  return (
    <form className="filters" onSubmit={onSubmit} aria-label={text.filterLegend} noValidate>
      <SelectField
        label={text.targetType}
        options={typeOptions}
        emptyLabel={text.any}
        field={form.field('targetType')}
      />
      <TextField
        label={text.targetId}
        field={form.field('targetId')}
        maxLength={64}
        autoCapitalize="off"
        spellCheck={false}
      />
      <div className="filters__actions">
        <button type="submit" className="button button--primary">
          {text.apply}
        </button>
        <button type="button" className="button button--secondary" onClick={() => onApply('', '')}>
          {text.clear}
        </button>
      </div>
    </form>
  );
}
