import { FormattedMessage } from 'react-intl';
import type { MessageKey } from '../../../common/i18n/index';

/** A ticked list of rules, one message each (contest details, the submission page, the entry form). */
export function CheckList({ items }: { items: readonly MessageKey[] }) {
  return (
    <ul className="check-list">
      {items.map((key) => (
        <li key={key}>
          <FormattedMessage id={key} />
        </li>
      ))}
    </ul>
  );
}
