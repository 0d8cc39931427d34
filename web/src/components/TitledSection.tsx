import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { MessageKey } from '../../../common/i18n/index';

/** A card-like section named by its own h2 (the contest details panels, the entry form, the account cards). */
export function TitledSection({
  headingId,
  titleKey,
  className = 'panel',
  children,
}: {
  headingId: string;
  titleKey: MessageKey;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section className={className} aria-labelledby={headingId}>
      <h2 id={headingId}>
        <FormattedMessage id={titleKey} />
      </h2>
      {children}
    </section>
  );
}
