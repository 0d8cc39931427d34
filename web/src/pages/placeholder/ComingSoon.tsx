import { FormattedMessage, useIntl } from 'react-intl';
import type { MessageKey } from '../../../../common/i18n/index';
import { PageHeader } from '../../components/PageHeader';

/** The layout and title of a route whose feature lands in a later issue. */
export function ComingSoon({ titleKey }: { titleKey: MessageKey }) {
  const intl = useIntl();
  return (
    <>
      <PageHeader title={intl.formatMessage({ id: titleKey })} />
      <div className="container section">
        <p className="muted">
          <FormattedMessage id="common.comingSoon" />
        </p>
      </div>
    </>
  );
}
