import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../../../../common/constants';

export type PageRequest = { page?: number; pageSize?: number };

export function pageWindow(req: PageRequest) {
  const page = Math.max(1, Math.floor(req.page ?? DEFAULT_PAGE));
  const pageSize = Math.min(MAX_PAGE_SIZE, Math.max(1, Math.floor(req.pageSize ?? DEFAULT_PAGE_SIZE)));
  return { page, pageSize, offset: (page - 1) * pageSize, limit: pageSize };
}
