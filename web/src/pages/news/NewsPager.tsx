import { Pagination } from 'antd';
import { useIntl } from 'react-intl';
import { AntdScope } from '../../components/AntdScope';
import { pagerControls } from './pager-controls';

type Props = {
  page: number;
  pageSize: number;
  total: number;
  /** The list's current search parameters, for the page links' hrefs. */
  params: URLSearchParams;
  onChange: (page: number, pageSize: number) => void;
};

/**
 * The news list's pager: antd Pagination (its texts come from antd's locales; the size menu and "Go to"
 * only for a long list: pager-controls.ts). Its own chunk, so
 * antd's code and its first style computation come after the list has shown (NewsListPage).
 */
export default function NewsPager({ page, pageSize, total, params, onChange }: Props) {
  const intl = useIntl();
  const controls = pagerControls(total, pageSize);
  return (
    <AntdScope>
      <nav className="pager" aria-label={intl.formatMessage({ id: 'route.events' })}>
        <Pagination
          current={page}
          pageSize={pageSize}
          total={total}
          showSizeChanger={controls.sizeChanger}
          pageSizeOptions={[10, 20, 50]}
          showQuickJumper={controls.quickJumper}
          showTotal={(count) => intl.formatMessage({ id: 'pagination.total' }, { total: count })}
          onChange={onChange}
          itemRender={(p, type, original) =>
            // Real hrefs make the pages crawlable; the click itself is handled by Pagination.
            type === 'page' ? (
              <a href={`?${new URLSearchParams({ ...Object.fromEntries(params), page: String(p) })}`} onClick={(e) => e.preventDefault()}>
                {p}
              </a>
            ) : (
              original
            )
          }
        />
      </nav>
    </AntdScope>
  );
}
