/** Every moderator list answers pages of this size (the queue, reports, refunds, audit). */
export const PAGE_SIZE = 50;

export interface ListPage<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export function pageOffset(page: number): number {
  return (page - 1) * PAGE_SIZE;
}
