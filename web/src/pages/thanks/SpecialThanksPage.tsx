import { FormattedMessage, useIntl } from 'react-intl';
import { SPONSOR_TIERS } from '../../../../common/constants';
import { usePageContent, useSponsors } from '../../api/queries';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader } from '../../components/PageHeader';
import { RichText } from '../../components/RichText';
import { SponsorStrip } from '../../components/SponsorStrip';

export default function SpecialThanksPage() {
  const intl = useIntl();
  const page = usePageContent('specialThanks');
  const sponsors = useSponsors();
  const all = sponsors.data ?? [];
  return (
    <>
      <PageHeader title={intl.formatMessage({ id: 'route.specialThanks' })} />
      <div className="container section">
        {page.data?.published && <RichText html={page.data.body} className="lead-text" />}
        {page.data && !page.data.published && sponsors.data && all.length === 0 && <EmptyState />}
        {SPONSOR_TIERS.map((tier) => {
          const inTier = all.filter((s) => s.tier === tier);
          if (inTier.length === 0) return null;
          return (
            <section key={tier} className={`tier tier--${tier}`} aria-labelledby={`tier-${tier}`}>
              <h2 id={`tier-${tier}`} className="section-title section-title--sm">
                <FormattedMessage id={`thanks.tier.${tier}`} />
              </h2>
              <SponsorStrip sponsors={inTier} />
            </section>
          );
        })}
      </div>
    </>
  );
}
