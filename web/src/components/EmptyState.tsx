import { FormattedMessage } from 'react-intl';
import type { MessageKey } from '../../../common/i18n/index';

/**
 * What a page shows while the organiser has nothing there yet (a new contest, an unpublished page): a calm
 * notice in the page's own place, never an error.
 */
export function EmptyState({
  titleKey = 'empty.page.title',
  textKey = 'empty.page.text',
  headingLevel = 2,
}: {
  titleKey?: MessageKey;
  textKey?: MessageKey;
  /** 3 inside a section that has its own h2. */
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  return (
    <div className="empty-state">
      <svg className="empty-state-icon" viewBox="0 0 48 48" width="48" height="48" aria-hidden="true" focusable="false">
        <rect x="9" y="5" width="30" height="38" rx="4" fill="none" stroke="currentColor" strokeWidth="2.5" />
        <path d="M16 16h16M16 23h16M16 30h9" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
      </svg>
      <Heading className="empty-state-title">
        <FormattedMessage id={titleKey} />
      </Heading>
      <p className="empty-state-text">
        <FormattedMessage id={textKey} />
      </p>
    </div>
  );
}
