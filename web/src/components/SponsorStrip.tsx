import { useIntl } from 'react-intl';
import type { Sponsor } from '../../../common/api-types';
import { safeUrl } from '../../../common/safe-url';

export function SponsorStrip({ sponsors }: { sponsors: Sponsor[] }) {
  const intl = useIntl();
  return (
    <ul className="sponsor-strip">
      {sponsors.map((s) => (
        <li key={s.id}>
          {/* Stored links are checked on save; one written before that rule (or by hand) renders without href.
              The logo's alt is empty: the name beside it already names the link, read once. */}
          <a href={safeUrl(s.link)} target="_blank" rel="noopener noreferrer" title={intl.formatMessage({ id: 'thanks.visit' }, { name: s.name })}>
            <img src={s.logoUrl} alt="" loading="lazy" width={120} height={80} />
            <span>{s.name}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
