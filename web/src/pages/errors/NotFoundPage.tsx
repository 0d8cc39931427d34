import { useIntl } from 'react-intl';
import { ErrorView } from './ErrorView';

export default function NotFoundPage() {
  const intl = useIntl();
  return (
    <ErrorView
      code={intl.formatMessage({ id: 'error.404.title' })}
      title={intl.formatMessage({ id: 'route.404' })}
      body={intl.formatMessage({ id: 'error.404.body' })}
    />
  );
}
