import { FormattedMessage, useIntl } from 'react-intl';
import { useContest, usePageContent } from '../../api/queries';
import { GroupCards } from '../../components/GroupCards';
import { PageHeader } from '../../components/PageHeader';
import { PhaseTimeline } from '../../components/PhaseTimeline';
import { RichText } from '../../components/RichText';
import { TemplateDownloads } from '../../components/TemplateDownloads';

const IMAGE_RULES = ['details.teamLogo', 'details.worksCover', 'details.videoCover'] as const;
const VIDEO_RULES = ['details.videoLength', 'details.videoFormat', 'details.videoResolution', 'details.videoSubtitles', 'details.videoNoLogo'] as const;

export default function EventDetailsPage() {
  const intl = useIntl();
  const page = usePageContent('eventDetails');
  const contest = useContest();
  return (
    <>
      <PageHeader title={page.data?.title || intl.formatMessage({ id: 'route.eventDetails' })} docTitle={intl.formatMessage({ id: 'route.eventDetails' })} />
      <div className="container content-grid">
        <div className="content-main">
          <section className="panel" aria-labelledby="rules">
            <h2 id="rules">
              <FormattedMessage id="details.rulesTitle" />
            </h2>
            {page.data ? <RichText html={page.data.body} /> : <div className="skeleton-lines" aria-busy="true" />}
          </section>
          <section className="panel" aria-labelledby="groups">
            <h2 id="groups">
              <FormattedMessage id="details.groupsTitle" />
            </h2>
            <GroupCards />
          </section>
          <section className="panel" aria-labelledby="requirements">
            <h2 id="requirements">
              <FormattedMessage id="details.requirementsTitle" />
            </h2>
            <div className="req-grid">
              <div>
                <h3>
                  <FormattedMessage id="details.imagesTitle" />
                </h3>
                <p className="muted">
                  <FormattedMessage id="details.imageFormat" />
                </p>
                <ul className="check-list">
                  {IMAGE_RULES.map((k) => (
                    <li key={k}>
                      <FormattedMessage id={k} />
                    </li>
                  ))}
                </ul>
              </div>
              <div>
                <h3>
                  <FormattedMessage id="details.videoTitle" />
                </h3>
                <ul className="check-list">
                  {VIDEO_RULES.map((k) => (
                    <li key={k}>
                      <FormattedMessage id={k} />
                    </li>
                  ))}
                </ul>
              </div>
            </div>
          </section>
        </div>
        <aside className="content-side">
          <section className="panel" aria-labelledby="timeline">
            <h2 id="timeline">
              <FormattedMessage id="details.timelineTitle" />
            </h2>
            <PhaseTimeline contest={contest.data} />
          </section>
          <TemplateDownloads headingId="templates" titleKey="details.templatesTitle" />
        </aside>
      </div>
    </>
  );
}
