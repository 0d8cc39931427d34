import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ERRORS } from '../../../../common/errors';
import { facebookShareUrl, weiboShareUrl } from '../../../../common/gallery';
import { showMessage } from '../../api/feedback';
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

/** Downloads the server-made poster; a failure shows the spec's "refresh and retry" message (2101). */
export function PosterButton({ entryId }: { entryId: number }) {
  const { locale } = useLocale();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const res = await fetch(`/api/gallery/entries/${entryId}/poster?locale=${locale}`, { headers: { 'X-Locale': locale } });
      if (!res.ok || res.headers.get('content-type') !== 'image/png') throw new Error(`poster ${res.status}`);
      const url = URL.createObjectURL(await res.blob());
      const a = document.createElement('a');
      a.href = url;
      a.download = `poster-${entryId}.png`;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch {
      void showMessage('error', ERRORS[2101][locale]);
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
