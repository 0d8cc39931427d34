import { FormattedMessage, useIntl } from 'react-intl';
import { safeUrl } from '../../../../common/safe-url';
import { useIdentity, usePageContent } from '../../api/queries';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader } from '../../components/PageHeader';
import { RichText } from '../../components/RichText';

export default function AboutUsPage() {
  const intl = useIntl();
  const page = usePageContent('aboutUs');
  // The QR is the organiser's, set on the identity page (which also reads an older one from this page's row).
  const qr = safeUrl(useIdentity()?.wechatQrUrl);
  return (
    <>
      <PageHeader title={intl.formatMessage({ id: 'route.aboutUs' })} />
      <div className="container content-grid section">
        {!page.data ? (
          <div className="content-main panel">
            <div className="skeleton-lines" aria-busy="true" />
          </div>
        ) : page.data.published ? (
          <div className="content-main panel">
            <RichText html={page.data.body} />
          </div>
        ) : (
          <div className="content-main">
            <EmptyState />
          </div>
        )}
        <aside className="content-side">
          {qr && (
            <div className="panel qr-card">
              <h2>
                <FormattedMessage id="about.wechatTitle" />
              </h2>
              <img src={qr} alt={intl.formatMessage({ id: 'about.wechatAlt' })} width={200} height={200} />
            </div>
          )}
        </aside>
      </div>
    </>
  );
}
