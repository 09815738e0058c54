import { consoleMessages, userSearchQuerySchema } from '@adboard/shared';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { QueryView } from '../features/admin/query-view';
import { UsersTable } from '../features/admin/users-table';
import { useAdminQuery } from '../features/admin/use-admin-query';
import { useDocumentTitle } from '../features/site/site-context';
import { ScreenCard } from '../features/ui/screen-card';
import { TextField } from '../features/ui/text-field';
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
  const [value, setValue] = useState(initial);
  const [problem, setProblem] = useState<string | undefined>();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = userSearchQuerySchema.safeParse({ q: value });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message);
      return;
    }
    setProblem(undefined);
    onSearch(parsed.data.q);
  };
  return (
    <form className="filters" role="search" onSubmit={onSubmit} noValidate>
      <TextField
        label={text.searchLabel}
        name="q"
        type="search"
        value={value}
        onValueChange={setValue}
        error={problem}
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
