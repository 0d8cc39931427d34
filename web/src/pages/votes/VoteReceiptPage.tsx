import { type FormEvent, useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { Code } from '../../../../common/errors';
import { RECEIPT_INPUT_MAX, type ReceiptCheck, receiptShaped } from '../../../../common/vote-check';
import { ApiError } from '../../api/api-error';
import { PageHeader } from '../../components/PageHeader';
import { errorText } from '../../i18n/error-text';
import { useLocale } from '../../i18n/use-locale';
import { entryNo } from '../gallery/EntryCard';
import { VoidRuleText } from './VoidRuleText';
import { useReceiptCheck } from './votes-api';
import './votes.css';

/** The receipt's shape (letters and digits in groups of five), the same in every language. */
const RECEIPT_MASK = 'XXXXX-XXXXX-XXXXX-XXXXX-XXXXX-X';

function Outcome({ result }: { result: ReceiptCheck }) {
  const intl = useIntl();
  const { link } = useLocale();
  const when = (iso: string) => new Date(iso).toLocaleString(intl.locale, { dateStyle: 'medium', timeStyle: 'short' });
  const counted = result.status === 'counted';
  return (
    <section className={`receipt-outcome receipt-outcome--${result.status}`} aria-live="polite" data-testid="receipt-outcome">
      <p className={`receipt-badge receipt-badge--${result.status}`}>
        <FormattedMessage id={counted ? 'receipt.counted' : 'receipt.voided'} />
      </p>
      <p className="receipt-entry">
        <FormattedMessage
          id="receipt.entryLine"
          values={{
            no: entryNo(result.entryNo),
            title: (
              <Link to={link(`/gallery/${result.entryId}`)} lang={result.titleLang}>
                {result.title}
              </Link>
            ),
            time: when(result.castAt),
          }}
        />
      </p>
      {counted ? (
        <p className="receipt-explain">
          <FormattedMessage id="receipt.countedExplain" />
        </p>
      ) : (
        result.void && (
          <div className="receipt-explain">
            <p>
              <FormattedMessage id="receipt.voidedExplain" values={{ time: when(result.void.at) }} />
            </p>
            <p className="receipt-rule">
              <VoidRuleText note={result.void} />
            </p>
          </div>
        )
      )}
    </section>
  );
}

/**
 * /voteReceipt: a voter types (or follows a link with) the receipt their vote answered, and learns whether
 * that vote is counted or was voided, under which rule and why. Nothing else about the vote is shown.
 */
export default function VoteReceiptPage() {
  const intl = useIntl();
  const { link } = useLocale();
  const [params] = useSearchParams();
  const [code, setCode] = useState(params.get('code') ?? '');
  const check = useReceiptCheck();
  const [shapeError, setShapeError] = useState(false);
  const submit = (e?: FormEvent<HTMLFormElement>) => {
    e?.preventDefault();
    // The field's own text: typed before the app took the painted page over, it is not in `code`.
    const typed = e ? new FormData(e.currentTarget).get('code') : null;
    const value = typeof typed === 'string' ? typed : code;
    // A receipt's shape is checked here first: a typo needs no request (the server checks it again).
    const shaped = receiptShaped(value);
    setShapeError(!shaped);
    if (shaped) check.mutate(value.trim());
    else check.reset();
  };
  // A link from the entry page carries the code: check it at once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on arrival
  useEffect(() => {
    if (params.get('code')) submit();
  }, []);
  const error = shapeError
    ? errorText(Code.ReceiptFormat)
    : check.error instanceof ApiError
      ? errorText(check.error.code, check.error.values, check.error.msg)
      : check.error
        ? intl.formatMessage({ id: 'captcha.failed' })
        : null;
  return (
    <>
      <PageHeader title={intl.formatMessage({ id: 'route.voteReceipt' })} intro={intl.formatMessage({ id: 'receipt.intro' })} />
      <div className="container votes-page receipt-page">
        <form className="receipt-form" onSubmit={submit} noValidate>
          <label htmlFor="receipt-code" className="receipt-label">
            <FormattedMessage id="receipt.label" />
          </label>
          <div className="receipt-row">
            <input
              id="receipt-code"
              // Sent by the browser itself (no JavaScript yet), the form opens this page with ?code=, which checks it.
              name="code"
              className="receipt-input"
              value={code}
              maxLength={RECEIPT_INPUT_MAX}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              placeholder={RECEIPT_MASK}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'receipt-error' : 'receipt-help'}
              onChange={(e) => setCode(e.target.value)}
            />
            <button type="submit" className="btn btn-primary" disabled={check.isPending} aria-busy={check.isPending}>
              <FormattedMessage id="receipt.check" />
            </button>
          </div>
          {error ? (
            <p id="receipt-error" className="receipt-error" role="alert">
              {error}
            </p>
          ) : (
            <p id="receipt-help" className="receipt-help muted">
              <FormattedMessage id="receipt.help" />
            </p>
          )}
        </form>
        {check.data && !check.isPending && <Outcome result={check.data} />}
        <p className="receipt-more">
          <Link to={link('/transparency')}>
            <FormattedMessage id="receipt.toTransparency" />
          </Link>
        </p>
      </div>
    </>
  );
}
