import { FormattedMessage, useIntl } from 'react-intl';
import type { MessageKey } from '../../../../common/i18n/index';
import { useAwards, useContest, usePageContent } from '../../api/queries';
import { CheckList } from '../../components/CheckList';
import { EmptyState } from '../../components/EmptyState';
import { GroupCards } from '../../components/GroupCards';
import { PageHeader } from '../../components/PageHeader';
import { PhaseTimeline } from '../../components/PhaseTimeline';
import { RichText } from '../../components/RichText';
import { TemplateDownloads } from '../../components/TemplateDownloads';
import { TitledSection } from '../../components/TitledSection';

const IMAGE_RULES = ['details.teamLogo', 'details.worksCover', 'details.videoCover'] as const;
const VIDEO_RULES = ['details.videoLength', 'details.videoFormat', 'details.videoResolution', 'details.videoSubtitles', 'details.videoNoLogo'] as const;

/** One column of the file requirements: a heading, an optional note, the rules. */
function RequirementGroup({ titleKey, noteKey, rules }: { titleKey: MessageKey; noteKey?: MessageKey; rules: readonly MessageKey[] }) {
  return (
    <div>
      <h3>
        <FormattedMessage id={titleKey} />
      </h3>
      {noteKey && (
        <p className="muted">
          <FormattedMessage id={noteKey} />
        </p>
      )}
      <CheckList items={rules} />
    </div>
  );
}

export default function EventDetailsPage() {
  const intl = useIntl();
  const page = usePageContent('eventDetails');
  const contest = useContest();
  const awards = useAwards().data ?? [];
  return (
    <>
      <PageHeader title={page.data?.title || intl.formatMessage({ id: 'route.eventDetails' })} docTitle={intl.formatMessage({ id: 'route.eventDetails' })} />
      <div className="container content-grid">
        <div className="content-main">
          <TitledSection headingId="rules" titleKey="details.rulesTitle">
            {!page.data ? (
              <div className="skeleton-lines" aria-busy="true" />
            ) : page.data.published ? (
              <RichText html={page.data.body} />
            ) : (
              <EmptyState headingLevel={3} />
            )}
          </TitledSection>
          <TitledSection headingId="groups" titleKey="details.groupsTitle">
            <GroupCards />
          </TitledSection>
          {awards.length > 0 && (
            <TitledSection headingId="prizes" titleKey="details.prizesTitle">
              <p className="muted">
                <FormattedMessage id="details.prizesLead" />
              </p>
              <ul className="prize-list" data-testid="prize-list">
                {awards.map((a) => (
                  <li key={a.id}>{a.name}</li>
                ))}
              </ul>
            </TitledSection>
          )}
          <TitledSection headingId="requirements" titleKey="details.requirementsTitle">
            <div className="req-grid">
              <RequirementGroup titleKey="details.imagesTitle" noteKey="details.imageFormat" rules={IMAGE_RULES} />
              <RequirementGroup titleKey="details.videoTitle" rules={VIDEO_RULES} />
            </div>
          </TitledSection>
        </div>
        <aside className="content-side">
          <TitledSection headingId="timeline" titleKey="details.timelineTitle">
            <PhaseTimeline contest={contest.data} />
          </TitledSection>
          <TemplateDownloads headingId="templates" titleKey="details.templatesTitle" />
        </aside>
      </div>
    </>
  );
}
