import { useIntl } from 'react-intl';
import { safeUrl } from '../../../common/safe-url';
import { useIdentity } from '../api/queries';

export function LogoMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 64 64" width="36" height="36">
      <rect width="64" height="64" rx="14" fill="#ffb020" />
      <circle cx="32" cy="32" r="18" fill="none" stroke="#0b1f4d" strokeWidth="5" />
      <path d="M27 23 L42 32 L27 41 Z" fill="#0b1f4d" />
    </svg>
  );
}

/** The contest's name as the organiser set it (or the neutral default while none is set / loading). */
export function useSiteName(): string {
  const intl = useIntl();
  return useIdentity()?.siteName || intl.formatMessage({ id: 'site.name' });
}

/** The organiser's logo when they uploaded one, else the product's mark; decorative next to the name. */
export function BrandMark() {
  const logo = safeUrl(useIdentity()?.logoUrl);
  return logo ? <img className="brand-logo" src={logo} alt="" width={36} height={36} /> : <LogoMark />;
}

export function Logo() {
  return (
    <span className="logo">
      <BrandMark />
      <span className="logo-text" data-testid="site-name">
        {useSiteName()}
      </span>
    </span>
  );
}
