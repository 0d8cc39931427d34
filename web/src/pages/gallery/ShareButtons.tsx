import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Code } from '../../../../common/errors';
import { facebookShareUrl, weiboShareUrl } from '../../../../common/gallery';
import { showMessage } from '../../api/feedback';
import { request } from '../../api/request';
import { errorText } from '../../i18n/error-text';
import { useLocale } from '../../i18n/use-locale';

/**
 * Weibo and Facebook share links for a URL and text. `about` names what is shared when a page has several
 * (a tip's title): screen readers hear "Share on Weibo: <tip>", the eye sees the short label.
 */
export function SocialShare({ url, text, label, about }: { url: string; text: string; label?: string; about?: string }) {
  const intl = useIntl();
  const aboutText = about ? <span className="visually-hidden">: {about}</span> : null;
  return (
    <div className="share-links" title={label ?? intl.formatMessage({ id: 'share.heading' })}>
      <a className="share-link share-link--weibo" href={weiboShareUrl(url, text)} target="_blank" rel="noopener noreferrer">
        <FormattedMessage id="share.weibo" />
        {aboutText}
      </a>
      <a className="share-link share-link--facebook" href={facebookShareUrl(url)} target="_blank" rel="noopener noreferrer">
        <FormattedMessage id="share.facebook" />
        {aboutText}
      </a>
    </div>
  );
}

/** Downloads the server-made poster; a failure shows the catalogued "refresh and retry" message (SharePictureFailed). */
export function PosterButton({ entryId }: { entryId: number }) {
  const { locale } = useLocale();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const poster = await request(`/api/gallery/entries/${entryId}/poster?locale=${locale}`, { as: 'blob', level: 'silent' });
      if (poster.type !== 'image/png') throw new Error(`poster type ${poster.type}`);
      const url = URL.createObjectURL(poster);
      const a = document.createElement('a');
      a.href = url;
      a.download = `poster-${entryId}.png`;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch {
      void showMessage('error', errorText(Code.SharePictureFailed));
    } finally {
      setBusy(false);
    }
  };
  return (
    // aria-disabled, not disabled: a disabled button loses the keyboard focus, which then falls to the page body.
    <button type="button" className="btn btn-outline" onClick={() => void download()} aria-disabled={busy} aria-busy={busy}>
      <FormattedMessage id={busy ? 'share.posterMaking' : 'share.poster'} />
    </button>
  );
}
