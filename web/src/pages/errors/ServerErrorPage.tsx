import { useIntl } from 'react-intl';
import { ErrorView } from './ErrorView';

export default function ServerErrorPage() {
  const intl = useIntl();
  return (
    <ErrorView
      code={intl.formatMessage({ id: 'error.500.title' })}
      title={intl.formatMessage({ id: 'route.500' })}
      body={intl.formatMessage({ id: 'error.500.body' })}
    />
  );
}
