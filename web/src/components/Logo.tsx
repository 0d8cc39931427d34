import { FormattedMessage } from 'react-intl';

export function LogoMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 64 64" width="36" height="36">
      <rect width="64" height="64" rx="14" fill="#ffb020" />
      <circle cx="32" cy="32" r="18" fill="none" stroke="#0b1f4d" strokeWidth="5" />
      <path d="M27 23 L42 32 L27 41 Z" fill="#0b1f4d" />
    </svg>
  );
}

export function Logo() {
  return (
    <span className="logo">
      <LogoMark />
      <span className="logo-text">
        <FormattedMessage id="site.name" />
      </span>
    </span>
  );
}
