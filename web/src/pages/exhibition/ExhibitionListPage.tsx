import { Pagination } from 'antd';
import { FormattedDate, useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { DEFAULT_PAGE_SIZE } from '../../../../common/constants';
import { useExhibitions } from '../../api/queries';
import { AntdScope } from '../../components/AntdScope';
import { EmptyState } from '../../components/EmptyState';
import { useLocale } from '../../i18n/use-locale';

export default function ExhibitionListPage() {
  const intl = useIntl();
  const { link } = useLocale();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useExhibitions(page, DEFAULT_PAGE_SIZE);
  return (
    <div className="container section">
      <ul className="card-grid card-grid--3" aria-busy={list.isFetching}>
        {(list.data?.items ?? []).map((ex) => (
          <li key={ex.id} className="ex-card">
            <Link to={link(`/exhibition/${ex.id}`)}>
              <img src={ex.coverUrl} alt="" loading="lazy" width={480} height={270} />
              <div className="ex-card-body">
                <h2>{ex.title}</h2>
                <p>{ex.summary}</p>
                <time dateTime={ex.publishedAt} className="muted">
                  <FormattedDate value={ex.publishedAt} year="numeric" month="short" day="numeric" />
                </time>
              </div>
            </Link>
          </li>
        ))}
      </ul>
      {list.data?.total === 0 && <EmptyState titleKey="empty.exhibition.title" textKey="empty.exhibition.text" />}
      {list.data && list.data.total > list.data.pageSize && (
        <AntdScope>
          <nav className="pager" aria-label={intl.formatMessage({ id: 'route.exhibition' })}>
            <Pagination
              current={page}
              pageSize={list.data.pageSize}
              total={list.data.total}
              showSizeChanger={false}
              showTotal={(total) => intl.formatMessage({ id: 'pagination.total' }, { total })}
              onChange={(p) => setParams(p > 1 ? { page: String(p) } : {})}
            />
          </nav>
        </AntdScope>
      )}
    </div>
  );
}
