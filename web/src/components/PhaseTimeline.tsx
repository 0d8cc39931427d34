import { FormattedDate, FormattedMessage } from 'react-intl';
import type { ContestInfo } from '../../../common/api-types';

/** The contest phases with their dates; phases open now are marked (several can overlap, e.g. voting). */
export function PhaseTimeline({ contest }: { contest: ContestInfo | undefined }) {
  if (!contest) return <div className="timeline timeline--loading" aria-busy="true" />;
  if (contest.phases.length === 0)
    return (
      <p>
        <FormattedMessage id="phase.none" />
      </p>
    );
  const now = contest.now;
  return (
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
                  start: <FormattedDate value={p.start} month="short" day="numeric" />,
                  end: <FormattedDate value={p.end} month="short" day="numeric" />,
                }}
              />
            </div>
          </li>
        );
      })}
    </ol>
  );
}
