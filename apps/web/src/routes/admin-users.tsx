import { consoleMessages, userSearchQuerySchema } from '@adboard/shared';
import { useSearchParams } from 'react-router';
import { QueryView } from '../features/admin/query-view';
import { UsersTable } from '../features/admin/users-table';
import { useAdminQuery } from '../features/admin/use-admin-query';
import { useDocumentTitle } from '../features/site/site-context';
import { ScreenCard } from '../features/ui/screen-card';
import { TextField } from '../features/ui/text-field';
import { useZodForm } from '../features/ui/use-zod-form';
import { adminApi } from '../lib/admin-api';

const text = consoleMessages.users;

/** /admin/users?q=: find accounts by email or phone; ban, unban, change role. */
export default function UsersScreen() {
  useDocumentTitle(text.heading);
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const searchable = userSearchQuerySchema.safeParse({ q }).success;
  const users = useAdminQuery(['users', q], () => adminApi.searchUsers(q), searchable);

  return (
    <ScreenCard title={text.heading} width="wide">
      <SearchForm key={q} initial={q} onSearch={(value) => setParams({ q: value })} />
      {!searchable ? (
        <p className="empty">{text.prompt}</p>
      ) : (
        <QueryView query={users}>
          {(data) =>
            data.length === 0 ? <p className="empty">{text.empty}</p> : <UsersTable users={data} />
          }
        </QueryView>
      )}
    </ScreenCard>
  );
}

function SearchForm({ initial, onSearch }: { initial: string; onSearch: (q: string) => void }) {
  const form = useZodForm(userSearchQuerySchema, { q: initial });
  return (
    <form
      className="filters"
      role="search"
      onSubmit={form.submit(({ q }) => onSearch(q))}
      noValidate
    >
      <TextField
        label={text.searchLabel}
        type="search"
        field={form.field('q')}
        autoCapitalize="off"
        spellCheck={false}
      />
      <div className="filters__actions">
        <button type="submit" className="button button--primary">
          {text.search}
        </button>
      </div>
    </form>
  );
}
