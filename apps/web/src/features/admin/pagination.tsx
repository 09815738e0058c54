import { consoleMessages } from '@adboard/shared';

const { pagination } = consoleMessages;

interface PaginationProps {
  total: number;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
}

/** Previous / next through a paged console list; hidden when everything fits one page. */
export function Pagination({ total, page, pageSize, onPage }: PaginationProps) {
  const pages = Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
  if (pages <= 1 && page <= 1) return null;
  return (
    <nav className="pagination" aria-label={pagination.label}>
      <button
        type="button"
        className="button button--secondary button--small"
        onClick={() => onPage(page - 1)}
        disabled={page <= 1}
      >
        {pagination.previous}
      </button>
      <span className="pagination__where">{pagination.page(page, pages)}</span>
      <button
        type="button"
        className="button button--secondary button--small"
        onClick={() => onPage(page + 1)}
        disabled={page >= pages}
      >
        {pagination.next}
      </button>
    </nav>
  );
}

/** The page number of a URL query (1 when missing or not a positive whole number). */
export function pageParam(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** The same query with another page; page 1 is left out to keep URLs short. */
export function withPage(params: URLSearchParams, page: number): URLSearchParams {
  const next = new URLSearchParams(params);
  if (page > 1) next.set('page', String(page));
  else next.delete('page');
  return next;
}
