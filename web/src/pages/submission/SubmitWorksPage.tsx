import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { ContestInfo } from '../../../../common/api-types';
import { Code } from '../../../../common/errors';
import { showMessage } from '../../api/feedback';
import { useContest } from '../../api/queries';
import { useCurrentUser } from '../../app/current-user';
import { AntdScope } from '../../components/AntdScope';
import { CheckList } from '../../components/CheckList';
import { EntryFormTexts } from '../../components/entry-form/EntryFormTexts';
import { PageHeader } from '../../components/PageHeader';
import { TemplateDownloads } from '../../components/TemplateDownloads';
import { TitledSection } from '../../components/TitledSection';
import { errorText } from '../../i18n/error-text';
import { useLocale } from '../../i18n/use-locale';
import { clearDraft } from './draft';
import { EntryForm } from './EntryForm';
import { useMyEntry, useSubmissionInfo } from './submission-api';
import './submission.css';

const REDIRECT_SECONDS = 5;
const FILE_RULES = [
  'details.teamLogo',
  'details.worksCover',
  'details.videoCover',
  'details.videoLength',
  'details.videoResolution',
  'details.videoSubtitles',
  'details.videoNoLogo',
  'details.trailer',
] as const;

/** /submitWorks: the entry form for verified, signed-in people inside the submission window. */
export default function SubmitWorksPage() {
  const intl = useIntl();
  const { link } = useLocale();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { currentUser, loading } = useCurrentUser();
  const [params] = useSearchParams();
  const editId = Number(params.get('edit')) || null;
  const info = useSubmissionInfo(Boolean(currentUser?.verified));
  const contest = useContest().data;
  const editing = useMyEntry(currentUser?.verified ? editId : null);
  const [done, setDone] = useState<{ submissionNo?: string } | null>(null);
  const title = intl.formatMessage({ id: 'route.submitWorks' });

  if (!currentUser && !loading) {
    return <Navigate to={`${link('/login')}?redirect=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  }

  let body: React.ReactNode = <div className="skeleton-lines" aria-busy="true" />;
  if (currentUser && !currentUser.verified) {
    body = (
      <Notice>
        <FormattedMessage id="submit.verifyFirst" />
      </Notice>
    );
  } else if (done) {
    body = <Success submissionNo={done.submissionNo} />;
  } else if (info.data && !info.data.open && !(editId && (editing.isLoading || editing.data?.editable))) {
    // An entry sent back for changes stays editable after the window closes; everything else waits for the window.
    body = (
      <Notice title={intl.formatMessage({ id: 'submit.closedTitle' })}>
        {info.data.window ? (
          <FormattedMessage
            id="submit.closedWindow"
            values={{ start: formatDate(info.data.window.start, intl, contest), end: formatDate(info.data.window.end, intl, contest) }}
          />
        ) : (
          <FormattedMessage id="submit.noWindow" />
        )}
      </Notice>
    );
  } else if (info.data && !editId && info.data.entryCount >= info.data.entryLimit) {
    body = (
      <Notice>
        <FormattedMessage id="submit.limitReached" values={{ count: info.data.entryCount, limit: info.data.entryLimit }} />{' '}
        <Link to={link('/account')}>
          <FormattedMessage id="submit.myEntriesLink" />
        </Link>
      </Notice>
    );
  } else if (info.data && (!editId || editing.data)) {
    body = (
      <div className="content-grid">
        <div className="content-main">
          <AntdScope>
            <EntryFormTexts fallback={<div className="skeleton-lines" aria-busy="true" />}>
              <EntryForm
                empowerMaxBytes={info.data.empowerMaxBytes}
                editing={editing.data}
                onDone={(r) => {
                  if (editId) {
                    void showMessage('success', intl.formatMessage({ id: 'entry.saved' }));
                    void queryClient.invalidateQueries({ queryKey: ['my-entries'] });
                    navigate(link('/account'));
                    return;
                  }
                  clearDraft();
                  void showMessage('success', errorText(Code.SubmittedGoingHome));
                  setDone({ submissionNo: r.submissionNo });
                }}
              />
            </EntryFormTexts>
          </AntdScope>
        </div>
        <Aside closes={info.data.window?.end} />
      </div>
    );
  }

  return (
    <>
      <PageHeader
        title={editing.data ? intl.formatMessage({ id: 'submit.editing' }, { number: editing.data.submissionNo }) : title}
        docTitle={title}
        intro={intl.formatMessage({ id: 'submit.intro' })}
      />
      <div className="container section submission-page">{body}</div>
    </>
  );
}

/** In the contest's zone, labelled ("… 23:59 Asia/Shanghai (UTC+8)"), so every entrant reads the organiser's deadline. */
function formatDate(iso: string, intl: ReturnType<typeof useIntl>, contest: ContestInfo | undefined): string {
  const text = intl.formatDate(iso, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    ...(contest ? { timeZone: contest.timeZone } : {}),
  });
  return contest ? `${text} ${contest.zoneLabel}` : text;
}

function Notice({ title, children }: { title?: string; children: React.ReactNode }) {
  return (
    <section className="panel submission-notice" role="status">
      {title && <h2>{title}</h2>}
      <p>{children}</p>
    </section>
  );
}

function Aside({ closes }: { closes?: string }) {
  const intl = useIntl();
  const contest = useContest().data;
  return (
    <aside className="content-side">
      {closes && (
        <section className="panel">
          <p className="submission-deadline">
            <FormattedMessage id="submit.openWindow" values={{ end: formatDate(closes, intl, contest) }} />
          </p>
        </section>
      )}
      <TemplateDownloads headingId="submit-templates" titleKey="submit.templates" />
      <TitledSection headingId="submit-req" titleKey="details.requirementsTitle">
        <CheckList items={FILE_RULES} />
      </TitledSection>
    </aside>
  );
}

/** SubmittedGoingHome, then home after a short visible countdown: a successful submission always ends on the homepage. */
function Success({ submissionNo }: { submissionNo?: string }) {
  const { link } = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [left, setLeft] = useState(REDIRECT_SECONDS);
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: ['my-entries'] });
    void queryClient.invalidateQueries({ queryKey: ['submission-info'] });
    const timer = setInterval(() => setLeft((s) => s - 1), 1000);
    return () => clearInterval(timer);
  }, [queryClient]);
  useEffect(() => {
    if (left <= 0) navigate(link('/home'));
  }, [left, link, navigate]);
  return (
    <section className="panel submission-success" role="status" data-testid="submission-success">
      <h2>{errorText(Code.SubmittedGoingHome)}</h2>
      {submissionNo && (
        <p>
          <FormattedMessage id="entry.submissionNo" values={{ number: submissionNo }} />
        </p>
      )}
      <p className="muted">
        <FormattedMessage id="submit.redirecting" values={{ seconds: Math.max(left, 0) }} />
      </p>
      <Link to={link('/home')} className="btn btn-primary">
        <FormattedMessage id="common.backToHome" />
      </Link>
    </section>
  );
}
