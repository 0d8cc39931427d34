import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { NAV_ITEMS, RESULTS_NAV_ITEM } from '../../../common/nav-items';
import { canAccess } from '../../../common/routes';
import { useResultsPublished } from '../api/queries';
import { clearAccessToken, request } from '../api/request';
import { useCurrentUser } from '../app/current-user';
import { keepTabWithin } from '../components/focus-trap';
import { LanguageSwitcher } from '../components/LanguageSwitcher';
import { Logo } from '../components/Logo';
import { useLocale } from '../i18n/use-locale';

function useLogout() {
  const { refresh } = useCurrentUser();
  const { link } = useLocale();
  const navigate = useNavigate();
  return async () => {
    await request('/api/auth/logout', { method: 'POST', level: 'silent' }).catch(() => undefined);
    clearAccessToken();
    await refresh();
    navigate(link('/home'));
  };
}

/** Account / Login-Register / Logout by session state, plus the console for admins (canSeeAdmin). */
function SessionLinks({ onNavigate }: { onNavigate?: () => void }) {
  const { currentUser, access } = useCurrentUser();
  const { link } = useLocale();
  const location = useLocation();
  const logout = useLogout();
  if (!currentUser) {
    const back = location.pathname.endsWith('/login') ? '' : `?redirect=${encodeURIComponent(location.pathname + location.search)}`;
    return (
      <Link className="nav-cta" to={`${link('/login')}${back}`} onClick={onNavigate}>
        <FormattedMessage id="menu.loginRegister" />
      </Link>
    );
  }
  return (
    <>
      {canAccess('canSeeAdmin', access) && (
        <a className="nav-link" href="/admin/">
          <FormattedMessage id="menu.console" />
        </a>
      )}
      <NavLink className="nav-link" to={link('/account')} onClick={onNavigate}>
        <FormattedMessage id="menu.account" />
      </NavLink>
      <button
        type="button"
        className="nav-link nav-button"
        onClick={() => {
          onNavigate?.();
          void logout();
        }}
      >
        <FormattedMessage id="menu.logout" />
      </button>
    </>
  );
}

export function SiteHeader() {
  const intl = useIntl();
  const { link } = useLocale();
  const resultsPublished = useResultsPublished();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const panelRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  // Close the drawer whenever the route changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the pathname is the trigger
  useEffect(() => setOpen(false), [location.pathname]);

  useEffect(() => {
    if (!open) return;
    // The open drawer is modal (the page behind is dimmed and does not scroll): Tab cycles through its items,
    // and Escape closes it and puts focus back on the menu button that opened it.
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      } else if (panelRef.current) keepTabWithin(panelRef.current, e);
    };
    document.addEventListener('keydown', onKey);
    document.body.classList.add('no-scroll');
    panelRef.current?.querySelector<HTMLElement>('a, button')?.focus();
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.classList.remove('no-scroll');
    };
  }, [open]);

  const navLinks = (onNavigate?: () => void) =>
    (resultsPublished ? [...NAV_ITEMS, RESULTS_NAV_ITEM] : NAV_ITEMS).map((item) => (
      <NavLink key={item.path} to={link(item.path)} className="nav-link" onClick={onNavigate}>
        <FormattedMessage id={item.label} />
      </NavLink>
    ));

  return (
    <header className="site-header">
      <div className="container header-inner">
        <Link to={link('/home')} className="brand">
          <Logo />
        </Link>
        <nav className="desktop-nav" aria-label={intl.formatMessage({ id: 'menu.main' })}>
          {navLinks()}
        </nav>
        <div className="header-actions">
          <LanguageSwitcher />
          <span className="desktop-only session-links">
            <SessionLinks />
          </span>
          <button
            ref={buttonRef}
            type="button"
            className="menu-button"
            aria-expanded={open}
            aria-controls="mobile-drawer"
            aria-label={intl.formatMessage({ id: open ? 'common.closeMenu' : 'common.openMenu' })}
            onClick={() => setOpen((v) => !v)}
          >
            <span aria-hidden="true" className={`burger ${open ? 'is-open' : ''}`}>
              <span />
              <span />
              <span />
            </span>
          </button>
        </div>
      </div>
      <div
        className={`drawer-backdrop ${open ? 'is-open' : ''}`}
        onClick={() => {
          setOpen(false);
          buttonRef.current?.focus();
        }}
        aria-hidden="true"
      />
      <div
        id="mobile-drawer"
        ref={panelRef}
        className={`drawer ${open ? 'is-open' : ''}`}
        role="dialog"
        aria-modal="true"
        aria-label={intl.formatMessage({ id: 'menu.main' })}
        hidden={!open}
      >
        <nav className="drawer-nav">
          {navLinks(() => setOpen(false))}
          <div className="drawer-session">
            <SessionLinks onNavigate={() => setOpen(false)} />
          </div>
        </nav>
        {/* Inside the dialog, where a screen reader's and a thumb's reach end; the header's X sits outside it. */}
        <button
          type="button"
          className="drawer-close"
          onClick={() => {
            setOpen(false);
            buttonRef.current?.focus();
          }}
        >
          <span aria-hidden="true">✕</span> <FormattedMessage id="common.closeMenu" />
        </button>
      </div>
    </header>
  );
}
