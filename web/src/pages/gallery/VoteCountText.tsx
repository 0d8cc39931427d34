import { FormattedMessage, useIntl } from 'react-intl';
import type { CountsShown } from '../../../../common/gallery';

/** An entry's count as the organiser lets visitors see it: the number, the number "as of" a time, or "hidden until voting closes". */
export function VoteCountText({ voteCount, counts }: { voteCount: number | null; counts?: CountsShown }) {
  const intl = useIntl();
  if (voteCount === null) return <FormattedMessage id="gallery.countsHidden" />;
  if (counts?.display === 'delayed' && counts.asOf) {
    const time = new Date(counts.asOf).toLocaleTimeString(intl.locale, { hour: '2-digit', minute: '2-digit' });
    return <FormattedMessage id="gallery.votesAsOf" values={{ count: voteCount, time }} />;
  }
  return <FormattedMessage id="gallery.votes" values={{ count: voteCount }} />;
}
