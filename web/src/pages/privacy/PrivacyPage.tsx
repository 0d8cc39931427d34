import { useIntl } from 'react-intl';
import { usePageContent, usePrivacyFacts } from '../../api/queries';
import { PageHeader } from '../../components/PageHeader';
import { RichText } from '../../components/RichText';
import { BuiltInNotice } from './BuiltInNotice';

/**
 * The privacy notice: the organiser's own once published in the console, else the built-in one, which says
 * what the software stores and for how long (it reads the organiser's retention setting) and how to use the
 * rights of access and deletion.
 */
export default function PrivacyPage() {
  const intl = useIntl();
  const page = usePageContent('privacy');
  const builtIn = page.data !== undefined && !page.data.published;
  const facts = usePrivacyFacts(builtIn);
  return (
    <>
      <PageHeader title={intl.formatMessage({ id: 'route.privacy' })} />
      <div className="container section privacy-page">
        <div className="panel privacy-panel">
          {page.data?.published ? (
            <RichText html={page.data.body} />
          ) : builtIn && facts.data ? (
            <BuiltInNotice retentionDays={facts.data.retentionDays} />
          ) : (
            <div className="skeleton-lines" aria-busy="true" />
          )}
        </div>
      </div>
    </>
  );
}
