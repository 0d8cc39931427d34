import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { LogoMark } from '../components/Logo';
import { useLocale } from '../i18n/use-locale';

export function SiteFooter() {
  const { link } = useLocale();
  const intl = useIntl();
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div>
          <div className="footer-brand">
            <LogoMark />
            <strong>
              <FormattedMessage id="site.name" />
            </strong>
          </div>
          <p className="footer-desc">
            <FormattedMessage id="site.description" />
          </p>
        </div>
        <nav aria-label={intl.formatMessage({ id: 'footer.follow' })}>
          <h2 className="footer-title">
            <FormattedMessage id="footer.follow" />
          </h2>
          <Link to={link('/eventDetails')}>
            <FormattedMessage id="menu.eventDetails" />
          </Link>
          <Link to={link('/submitWorks')}>
            <FormattedMessage id="menu.submitWorks" />
          </Link>
          <Link to={link('/gallery')}>
            <FormattedMessage id="menu.gallery" />
          </Link>
          <Link to="/share">
            <FormattedMessage id="menu.share" />
          </Link>
        </nav>
        <nav aria-label={intl.formatMessage({ id: 'footer.about' })}>
          <h2 className="footer-title">
            <FormattedMessage id="footer.about" />
          </h2>
          <Link to={link('/aboutUs')}>
            <FormattedMessage id="menu.aboutUs" />
          </Link>
          <Link to={link('/specialThanks')}>
            <FormattedMessage id="menu.specialThanks" />
          </Link>
          <Link to={link('/contactUs')}>
            <FormattedMessage id="menu.contactUs" />
          </Link>
          <Link to={link('/events')}>
            <FormattedMessage id="menu.events" />
          </Link>
        </nav>
      </div>
      <div className="container footer-bottom">
        <FormattedMessage id="footer.rights" values={{ year, organiser: intl.formatMessage({ id: 'site.organiser' }) }} />
      </div>
    </footer>
  );
}
