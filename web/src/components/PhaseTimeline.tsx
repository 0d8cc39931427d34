import { FormattedMessage, useIntl } from 'react-intl';
import type { ContestInfo } from '../../../common/api-types';
import { formatContestTime } from './contest-time';

/**
 * The contest phases with their dates and times in the contest's zone, labelled; phases open now are marked
 * (several can overlap, e.g. voting).
 */
export function PhaseTimeline({ contest }: { contest: ContestInfo | undefined }) {
  const intl = useIntl();
  if (!contest) return <div className="timeline timeline--loading" aria-busy="true" />;
  if (contest.phases.length === 0)
    return (
      <p>
        <FormattedMessage id="phase.none" />
      </p>
    );
  const now = contest.now;
  const at = (iso: string) => formatContestTime(intl, iso, contest.timeZone);
  return (
    <>
      <ol className="timeline">
        {contest.phases.map((p) => {
          const state = p.end <= now ? 'done' : p.start <= now ? 'current' : 'upcoming';
          return (
            <li key={p.phase} className={`timeline-item timeline-item--${state}`} aria-current={state === 'current' ? 'step' : undefined}>
              <span className="timeline-dot" aria-hidden="true" />
              <div className="timeline-label">
                <FormattedMessage id={`phase.${p.phase}`} />
                {state === 'current' && (
                  <span className="timeline-now">
                    <FormattedMessage id="home.currentPhase" />
                  </span>
                )}
              </div>
              <div className="timeline-dates">
                <FormattedMessage
                  id="phase.dates"
                  values={{
                    start: <time dateTime={p.start}>{at(p.start)}</time>,
                    end: <time dateTime={p.end}>{at(p.end)}</time>,
                  }}
                />
              </div>
            </li>
          );
        })}
      </ol>
      <p className="timeline-zone muted" data-testid="timeline-zone">
        <FormattedMessage id="phase.timesIn" values={{ zone: contest.zoneLabel }} />
      </p>
    </>
  );
}
