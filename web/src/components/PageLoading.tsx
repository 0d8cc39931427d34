import { useIntl } from 'react-intl';

export function PageLoading() {
  const intl = useIntl();
  return (
    <div className="page-loading" role="status" aria-label={intl.formatMessage({ id: 'common.loading' })}>
      <span className="spinner" />
    </div>
  );
}
