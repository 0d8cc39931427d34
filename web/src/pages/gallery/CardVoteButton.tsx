import { lazy, Suspense } from 'react';
import { FormattedMessage } from 'react-intl';
import type { VotableEntry } from './VoteButton';

// The vote button brings antd (its e-mail code dialog); the list paints its cards first and the buttons follow.
const VoteButton = lazy(() => import('./VoteButton').then((m) => ({ default: m.VoteButton })));

/**
 * The entry page's vote button on a gallery card: same rules and messages. It reads the entry's id, whether
 * voting is open, the contest's voter mode (from the list answer) and whether this visitor voted; the list
 * does not know the last, so the server's answer ("You have voted") turns the button into its voted state.
 */
export function CardVoteButton({ entry }: { entry: VotableEntry }) {
  return (
    <Suspense
      fallback={
        <button type="button" className="btn btn-primary btn-lg vote-button" disabled>
          <FormattedMessage id="vote.button" />
        </button>
      }
    >
      <VoteButton entry={entry} />
    </Suspense>
  );
}
