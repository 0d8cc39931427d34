import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { ICP_LINK, psbLink, SOCIAL_LINKS } from '../../../common/identity';
import { safeUrl } from '../../../common/safe-url';
import { useIdentity } from '../api/queries';
import { BrandMark, useSiteName } from '../components/Logo';
import { useLocale } from '../i18n/use-locale';

/** The organiser's contact details, QR and social accounts; nothing at all while none is set. */
function FooterContact() {
  const intl = useIntl();
  const identity = useIdentity();
  const site = useSiteName();
  if (!identity) return null;
  const qr = safeUrl(identity.wechatQrUrl);
  const social = SOCIAL_LINKS.filter((k) => safeUrl(identity.social[k]));
  if (!identity.contactEmail && !identity.contactPhone && !identity.wechatAccount && !qr && social.length === 0) return null;
  return (
    <div className="footer-contact" data-testid="footer-contact">
      <h2 className="footer-title">
        <FormattedMessage id="footer.contact" />
      </h2>
      <ul className="footer-contact-list">
        {identity.contactEmail && (
          <li>
            <FormattedMessage id="footer.email" />: <a href={`mailto:${identity.contactEmail}`}>{identity.contactEmail}</a>
          </li>
        )}
        {identity.contactPhone && (
          <li>
            <FormattedMessage id="footer.phone" />: <a href={`tel:${identity.contactPhone.replace(/[^0-9+]/g, '')}`}>{identity.contactPhone}</a>
          </li>
        )}
        {identity.wechatAccount && (
          <li>
            <FormattedMessage id="footer.wechatAccount" />: {identity.wechatAccount}
          </li>
        )}
      </ul>
      {social.length > 0 && (
        <ul className="footer-social" aria-label={intl.formatMessage({ id: 'footer.social' })}>
          {social.map((k) => (
            <li key={k}>
              <a href={safeUrl(identity.social[k])} target="_blank" rel="noopener noreferrer">
                <FormattedMessage id={`social.${k}`} />
              </a>
            </li>
          ))}
        </ul>
      )}
      {qr && (
        <img
          className="footer-qr"
          src={qr}
          width={112}
          height={112}
          loading="lazy"
          alt={intl.formatMessage({ id: 'footer.wechatQrAlt' }, { site })}
          data-testid="footer-qr"
        />
      )}
    </div>
  );
}

/** The filing numbers a site hosted in mainland China must show, each linked to the register's own search. */
function FilingNumbers() {
  const identity = useIdentity();
  if (!identity?.icpNumber && !identity?.psbNumber) return null;
  const psb = identity.psbNumber ? psbLink(identity.psbNumber) : undefined;
  return (
    <span className="footer-filings">
      {identity.icpNumber && (
        <a href={ICP_LINK} target="_blank" rel="noopener noreferrer" data-testid="footer-icp">
          {identity.icpNumber}
        </a>
      )}
      {identity.psbNumber && psb && (
        <a href={psb} target="_blank" rel="noopener noreferrer" data-testid="footer-psb">
          {identity.psbNumber}
        </a>
      )}
    </span>
  );
}

export function SiteFooter() {
  const { link } = useLocale();
  const intl = useIntl();
  const identity = useIdentity();
  const site = useSiteName();
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div>
          <div className="footer-brand">
            <BrandMark />
            <strong data-testid="footer-site-name">{site}</strong>
          </div>
          <p className="footer-desc">{identity?.footerText || intl.formatMessage({ id: 'site.description' })}</p>
          <FooterContact />
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
          <Link to={link('/privacy')} data-testid="footer-privacy">
            <FormattedMessage id="menu.privacy" />
          </Link>
          <Link to={link('/events')}>
            <FormattedMessage id="menu.events" />
          </Link>
        </nav>
      </div>
      <div className="container footer-bottom">
        <span data-testid="footer-rights">
          <FormattedMessage id="footer.rights" values={{ year, organiser: identity?.organiser || intl.formatMessage({ id: 'site.organiser' }) }} />
        </span>
        <FilingNumbers />
      </div>
    </footer>
  );
}
