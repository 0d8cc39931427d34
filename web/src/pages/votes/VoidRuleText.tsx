import { FormattedMessage, useIntl } from 'react-intl';
import type { VoidNote } from '../../../../common/vote-check';

/** A void's reason and rule in words: the window, the minimum risk, whether it named an address range. */
export function VoidRuleText({ note }: { note: VoidNote }) {
  const intl = useIntl();
  const when = (iso: string) => new Date(iso).toLocaleString(intl.locale, { dateStyle: 'medium', timeStyle: 'short' });
  const rule = note.rule;
  return (
    <>
      <span className="void-reason">“{note.reason}”</span>
      {rule && (
        <span className="void-rule">
          <FormattedMessage id="receipt.rule.window" values={{ from: when(rule.from), to: when(rule.to) }} />
          {rule.byAddress && (
            <>
              {' · '}
              <FormattedMessage id="receipt.rule.byAddress" />
            </>
          )}
          {rule.minRisk !== null && (
            <>
              {' · '}
              <FormattedMessage id="receipt.rule.minRisk" values={{ risk: rule.minRisk }} />
            </>
          )}
        </span>
      )}
    </>
  );
}
