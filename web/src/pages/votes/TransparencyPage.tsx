import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { TransparencyEntry } from '../../../../common/vote-check';
import { PageHeader } from '../../components/PageHeader';
import { useLocale } from '../../i18n/use-locale';
import { entryNo } from '../gallery/EntryCard';
import { VoidRuleText } from './VoidRuleText';
import { useTransparency } from './votes-api';
import './votes.css';

/** Votes cast, voided and counted, labelled: the totals and each entry's row. */
function Figures({ className, cast, voided, counted }: { className: string; cast: number; voided: number; counted: number }) {
  const intl = useIntl();
  const figures = [
    ['cast', cast, undefined],
    ['voided', voided, voided > 0 ? 'tp-voided' : undefined],
    ['counted', counted, 'tp-counted'],
  ] as const;
  return (
    <dl className={className}>
      {figures.map(([key, value, tone]) => (
        <div key={key} className={tone}>
          <dt>
            <FormattedMessage id={`transparency.${key}`} />
          </dt>
          <dd>{intl.formatNumber(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

function EntryRow({ e }: { e: TransparencyEntry }) {
  const { link } = useLocale();
  return (
    <li className="tp-entry" data-testid="transparency-entry">
      <div className="tp-entry-head">
        <span className="tp-entry-no">
          <FormattedMessage id="gallery.entryNo" values={{ no: entryNo(e.entryNo) }} />
        </span>
        <Link className="tp-entry-title" to={link(`/gallery/${e.id}`)}>
          {e.title}
        </Link>
      </div>
      <Figures className="tp-figures" cast={e.cast} voided={e.voided} counted={e.counted} />
      {e.voids.length > 0 && (
        <ul className="tp-voids">
          {e.voids.map((v) => (
            <li key={`${v.at}-${v.reason}`}>
              <strong>
                <FormattedMessage id="transparency.voidCount" values={{ count: v.count }} />
              </strong>{' '}
              <VoidRuleText note={v} />
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/**
 * /transparency: once voting has closed and the organiser published it, every approved entry's votes cast,
 * voided (each rule with its reason) and counted, and the head of the vote chain anyone can compare with
 * `npm run votes:verify`. Before that it says the report is not published yet.
 */
export default function TransparencyPage() {
  const intl = useIntl();
  const { link } = useLocale();
  const q = useTransparency();
  const data = q.data;
  return (
    <>
      <PageHeader title={intl.formatMessage({ id: 'route.transparency' })} intro={intl.formatMessage({ id: 'transparency.intro' })} />
      <div className="container votes-page transparency-page" aria-busy={q.isLoading}>
        {data && !data.published && (
          <div className="tp-empty" data-testid="transparency-unpublished">
            <p>
              <FormattedMessage id={data.votingClosed ? 'transparency.notPublished' : 'transparency.afterClose'} />
            </p>
            <Link to={link('/voteReceipt')} className="btn btn-outline">
              <FormattedMessage id="transparency.toReceipt" />
            </Link>
          </div>
        )}
        {data?.published && (
          <>
            <Figures className="tp-totals" {...data.totals} />
            <section className="tp-chain" aria-labelledby="tp-chain-title">
              <h2 id="tp-chain-title">
                <FormattedMessage id="transparency.chainTitle" />
              </h2>
              {data.chain ? (
                <>
                  <p className="muted">
                    <FormattedMessage id="transparency.chainExplain" values={{ batches: data.chain.batch }} />
                  </p>
                  <code className="tp-hash" data-testid="chain-head">
                    {data.chain.hash}
                  </code>
                </>
              ) : (
                <p className="muted">
                  <FormattedMessage id="transparency.noVotes" />
                </p>
              )}
            </section>
            <h2 className="section-title tp-entries-title">
              <FormattedMessage id="transparency.perEntry" />
            </h2>
            <ul className="tp-entries">
              {data.entries.map((e) => (
                <EntryRow key={e.id} e={e} />
              ))}
            </ul>
          </>
        )}
      </div>
    </>
  );
}
