import { useQueryClient } from '@tanstack/react-query';
import { Button, Popconfirm, Tag } from 'antd';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { MyEntry } from '../../../../common/schemas/entry';
import { showMessage } from '../../api/feedback';
import { request } from '../../api/request';
import { useCurrentUser } from '../../app/current-user';
import { AntdScope } from '../../components/AntdScope';
import { AnswerList } from '../../components/entry-form/AnswerList';
import { EntryFormTexts } from '../../components/entry-form/EntryFormTexts';
import { useGroupNames } from '../../components/entry-form/use-group-names';
import { useLocale } from '../../i18n/use-locale';
import { useMyEntries, useMyEntry, useSubmissionInfo } from './submission-api';
import './submission.css';

// Status colours (not antd's preset palette): their text keeps 4.5:1 on the tag's tint.
const STATUS_COLOR: Record<string, string> = { pending: 'warning', changesRequested: 'processing', approved: 'success', rejected: 'error', draft: 'default' };

/**
 * "My entries" on the account page (rendered by the accounts area): each entry with its status, the
 * organiser's reason when rejected or what to change when sent back, and edit / withdraw while it waits for
 * review and the window is open, or after it was sent back.
 */
export function MyEntriesSection() {
  const { currentUser } = useCurrentUser();
  const entries = useMyEntries(Boolean(currentUser));
  const info = useSubmissionInfo(Boolean(currentUser?.verified));
  const { link } = useLocale();
  if (!currentUser) return null;
  return (
    <section className="my-entries" aria-labelledby="my-entries-title">
      <div className="container my-entries-inner">
        <div className="my-entries-head">
          <h2 id="my-entries-title">
            <FormattedMessage id="entry.myEntries" />
          </h2>
          {info.data && (
            <span className="muted">
              <FormattedMessage id="entry.count" values={{ count: info.data.entryCount, limit: info.data.entryLimit }} />
            </span>
          )}
        </div>
        {entries.data && entries.data.length === 0 && (
          <div className="panel my-entries-empty">
            <p className="muted">
              <FormattedMessage id="entry.empty" />
            </p>
            <Link className="btn btn-primary" to={link('/submitWorks')}>
              <FormattedMessage id="entry.submitNew" />
            </Link>
          </div>
        )}
        <AntdScope>
          <ul className="my-entries-list">
            {(entries.data ?? []).map((entry) => (
              <EntryRow key={entry.id} entry={entry} />
            ))}
          </ul>
        </AntdScope>
      </div>
    </section>
  );
}

function EntryRow({ entry }: { entry: MyEntry }) {
  const { nameOf } = useGroupNames();
  const intl = useIntl();
  const { link } = useLocale();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const withdraw = async () => {
    setBusy(true);
    try {
      await request(`/api/entries/mine/${entry.id}/withdraw`, { method: 'POST' });
      void showMessage('success', intl.formatMessage({ id: 'entry.withdrawn' }));
      await queryClient.invalidateQueries({ queryKey: ['my-entries'] });
      await queryClient.invalidateQueries({ queryKey: ['submission-info'] });
    } catch {
      // The request layer has shown the reason.
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className="my-entry panel" data-testid="my-entry">
      {entry.coverUrl ? (
        <img
          src={entry.coverUrl}
          alt={intl.formatMessage({ id: 'entry.coverAlt' }, { title: entry.title })}
          width={96}
          height={96}
          className="my-entry-cover"
        />
      ) : (
        <div className="my-entry-cover my-entry-cover--empty" aria-hidden="true" />
      )}
      <div className="my-entry-body">
        <h3>{entry.title}</h3>
        <p className="my-entry-meta">
          <Tag color={STATUS_COLOR[entry.status] ?? 'default'} data-testid="entry-status">
            <FormattedMessage id={`entry.status.${entry.status}`} />
          </Tag>
          {entry.media.status !== 'none' && (
            <Tag color={entry.media.status === 'failed' ? 'red' : entry.media.status === 'done' ? 'blue' : 'default'} data-testid="entry-media">
              <FormattedMessage id={`media.status.${entry.media.status}`} values={{ percent: entry.media.progress }} />
            </Tag>
          )}
          <span>{nameOf(entry.group)}</span>
          <span>
            <FormattedMessage id="entry.submissionNo" values={{ number: entry.submissionNo }} />
          </span>
          {entry.entryNo !== null && (
            <span>
              <FormattedMessage id="entry.entryNo" values={{ number: entry.entryNo }} />
            </span>
          )}
          <span className="muted">
            <FormattedMessage id="entry.submittedOn" values={{ date: intl.formatDate(entry.createdAt, { dateStyle: 'medium' }) }} />
          </span>
        </p>
        <EntryAnswers entry={entry} />
        {entry.changesNote && (
          <p className="my-entry-reason" data-testid="changes-note">
            <FormattedMessage id="entry.changesNote" values={{ note: entry.changesNote }} />
          </p>
        )}
        {entry.status === 'rejected' && entry.rejectReason && (
          <p className="my-entry-reason">
            <FormattedMessage id="entry.rejectReason" values={{ reason: entry.rejectReason }} />
          </p>
        )}
      </div>
      {entry.editable && (
        <div className="my-entry-actions">
          <Link className="btn btn-outline" to={`${link('/submitWorks')}?edit=${entry.id}`}>
            <FormattedMessage id="entry.edit" />
          </Link>
          <Popconfirm
            title={intl.formatMessage({ id: 'entry.withdrawConfirm' })}
            okText={intl.formatMessage({ id: 'entry.withdraw' })}
            cancelText={intl.formatMessage({ id: 'entry.cancel' })}
            okButtonProps={{ danger: true }}
            onConfirm={withdraw}
          >
            <Button danger loading={busy}>
              <FormattedMessage id="entry.withdraw" />
            </Button>
          </Popconfirm>
        </div>
      )}
    </li>
  );
}

/** The entrant's own answers to the organiser's questions, folded away and read from the entry when opened. */
function EntryAnswers({ entry }: { entry: MyEntry }) {
  const [open, setOpen] = useState(false);
  const detail = useMyEntry(open ? entry.id : null);
  return (
    <EntryFormTexts>
      <details className="my-entry-answers" onToggle={(e) => setOpen(e.currentTarget.open)}>
        <summary>
          <FormattedMessage id="entryForm.view.myAnswers" />
        </summary>
        {detail.data &&
          (detail.data.answers.length > 0 ? (
            <AnswerList answers={detail.data.answers} testId="my-entry-answers" />
          ) : (
            <p className="muted">
              <FormattedMessage id="entryForm.view.noAnswers" />
            </p>
          ))}
      </details>
    </EntryFormTexts>
  );
}
