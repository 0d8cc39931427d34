import { useSyncExternalStore } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { useLocale } from '../../i18n/use-locale';
import { onReceiptsChange, receiptFor } from './receipt-store';
import { useCopy } from './use-copy';

/**
 * The receipt of this browser's vote for the entry, once there is one: the code, a copy button, and a link to
 * the page where its holder checks later that the vote is counted.
 */
export function VoteReceipt({ entryId }: { entryId: number }) {
  const { link } = useLocale();
  const receipt = useSyncExternalStore(
    onReceiptsChange,
    () => receiptFor(entryId),
    () => undefined,
  );
  const { copied, copy } = useCopy();
  if (!receipt) return null;
  return (
    <section className="vote-receipt" aria-labelledby="vote-receipt-title" data-testid="vote-receipt">
      <h3 id="vote-receipt-title" className="vote-receipt-title">
        <FormattedMessage id="receipt.yours" />
      </h3>
      <p className="vote-receipt-hint">
        <FormattedMessage id="receipt.keepIt" />
      </p>
      <div className="vote-receipt-row">
        <code className="vote-receipt-code" data-testid="vote-receipt-code">
          {receipt}
        </code>
        <button type="button" className="btn btn-outline vote-receipt-copy" onClick={() => void copy(receipt)}>
          <FormattedMessage id="receipt.copy" />
        </button>
      </div>
      <p className="vote-receipt-status" aria-live="polite">
        {copied && <FormattedMessage id={copied === 'yes' ? 'receipt.copied' : 'receipt.copyManually'} />}
      </p>
      <Link className="vote-receipt-link" to={`${link('/voteReceipt')}?code=${encodeURIComponent(receipt)}`}>
        <FormattedMessage id="receipt.checkLink" />
      </Link>
    </section>
  );
}
