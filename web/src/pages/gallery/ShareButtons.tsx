import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Code } from '../../../../common/errors';
import { facebookShareUrl, weiboShareUrl } from '../../../../common/gallery';
import { showMessage } from '../../api/feedback';
import { request } from '../../api/request';
import { errorText } from '../../i18n/error-text';
import { useLocale } from '../../i18n/use-locale';

/** Weibo and Facebook share links for a URL and text. */
export function SocialShare({ url, text, label }: { url: string; text: string; label?: string }) {
  const intl = useIntl();
  return (
    <div className="share-links" title={label ?? intl.formatMessage({ id: 'share.heading' })}>
      <a className="share-link share-link--weibo" href={weiboShareUrl(url, text)} target="_blank" rel="noopener noreferrer">
        <FormattedMessage id="share.weibo" />
      </a>
      <a className="share-link share-link--facebook" href={facebookShareUrl(url)} target="_blank" rel="noopener noreferrer">
        <FormattedMessage id="share.facebook" />
      </a>
    </div>
  );
}

/** Downloads the server-made poster; a failure shows the spec's "refresh and retry" message (SharePictureFailed). */
export function PosterButton({ entryId }: { entryId: number }) {
  const { locale } = useLocale();
  const [busy, setBusy] = useState(false);
  const download = async () => {
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
    <button type="button" className="btn btn-outline" onClick={() => void download()} disabled={busy} aria-busy={busy}>
      <FormattedMessage id={busy ? 'share.posterMaking' : 'share.poster'} />
    </button>
  );
}
