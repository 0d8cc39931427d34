import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import type { MessageKey } from '../../../../common/i18n/index';
import { useLocale } from '../../i18n/use-locale';

const STORED: MessageKey[] = [
  'privacy.builtin.stored.account',
  'privacy.builtin.stored.entries',
  'privacy.builtin.stored.voters',
  'privacy.builtin.stored.emailVoters',
  'privacy.builtin.stored.messages',
  'privacy.builtin.stored.mail',
];

/** The site's own notice, true of this software: what it stores, for how long, and the person's rights. */
export function BuiltInNotice({ retentionDays }: { retentionDays: number }) {
  const { link } = useLocale();
  const to = (path: string) => (chunks: ReactNode[]) => <Link to={link(path)}>{chunks}</Link>;
  const days = { days: retentionDays };
  return (
    <div className="rich-text privacy-notice" data-testid="privacy-builtin">
      <p className="lead-text">
        <FormattedMessage id="privacy.builtin.intro" />
      </p>
      <h2>
        <FormattedMessage id="privacy.builtin.stored.title" />
      </h2>
      <ul>
        {STORED.map((id) => (
          <li key={id}>
            <FormattedMessage id={id} values={days} />
          </li>
        ))}
      </ul>
      <h2>
        <FormattedMessage id="privacy.builtin.keep.title" />
      </h2>
      <p>
        <FormattedMessage id="privacy.builtin.keep.body" values={days} />
      </p>
      <h2>
        <FormattedMessage id="privacy.builtin.rights.title" />
      </h2>
      <ul>
        <li>
          <FormattedMessage id="privacy.builtin.rights.export" values={{ a: to('/account') }} />
        </li>
        <li>
          <FormattedMessage id="privacy.builtin.rights.delete" />
        </li>
        <li>
          <FormattedMessage id="privacy.builtin.rights.ask" values={{ a: to('/contactUs') }} />
        </li>
      </ul>
      <p className="muted">
        <FormattedMessage id="privacy.builtin.law" />
      </p>
    </div>
  );
}
