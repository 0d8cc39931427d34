import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { useLocale } from '../i18n/use-locale';

/**
 * "How we use what you send: privacy notice" under a form that collects personal data. It opens in a new tab,
 * so reading it never loses what the person has typed (or an open dialog).
 */
export function PrivacyNote() {
  const { link } = useLocale();
  const a = (chunks: ReactNode[]) => (
    <a href={link('/privacy')} target="_blank" rel="noopener">
      {chunks}
    </a>
  );
  return (
    <p className="privacy-note" data-testid="privacy-note">
      <FormattedMessage id="privacy.formNote" values={{ a }} />
    </p>
  );
}
