import type { TablePaginationConfig } from 'antd';
import type { IntlShape } from 'react-intl';

/** Rows per page of a console list unless the list says otherwise. */
export const CONSOLE_PAGE_SIZE = 20;

type Pager = {
  page: number;
  /** The answer's total; 0 while the first page loads. */
  total: number | undefined;
  onChange: (page: number, pageSize: number) => void;
  pageSize?: number;
  /** antd's default (the size menu above 50 rows) unless given. */
  showSizeChanger?: boolean;
};

/** The pager of every console table: page, rows per page, the answer's total and our "{total} items" text. */
export function tablePagination(intl: IntlShape, { page, total, onChange, pageSize = CONSOLE_PAGE_SIZE, showSizeChanger }: Pager): TablePaginationConfig {
  return {
    current: page,
    pageSize,
    total: total ?? 0,
    onChange,
    showTotal: (count) => intl.formatMessage({ id: 'pagination.total' }, { total: count }),
    ...(showSizeChanger === undefined ? {} : { showSizeChanger }),
  };
}
