import { useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useCopy } from './use-copy';

/**
 * Copy the page's link, and a QR code of it for WeChat: WeChat has no web share link, so a visitor on a
 * computer shows the code to their phone, or a phone user saves it. The QR library loads when the code is
 * first opened.
 */
export function CopyAndQr({ url }: { url: string }) {
  const intl = useIntl();
  const [qr, setQr] = useState<string | null>(null);
  const field = useRef<HTMLInputElement>(null);
  // Without a clipboard the address is selected for the visitor to copy.
  const { copied, copy: copyText } = useCopy(() => field.current?.select());
  const copy = () => copyText(url);
  const openQr = async (open: boolean) => {
    if (!open || qr) return;
    const QRCode = await import('qrcode');
    setQr(await QRCode.toDataURL(url, { margin: 1, width: 200, errorCorrectionLevel: 'M' }));
  };

  return (
    <div className="share-extra">
      <div className="share-copy">
        <input ref={field} readOnly value={url} aria-label={intl.formatMessage({ id: 'share.linkLabel' })} className="share-copy-field" />
        <button type="button" className="btn btn-outline share-copy-button" onClick={() => void copy()}>
          <FormattedMessage id="share.copyLink" />
        </button>
      </div>
      <p className="share-copy-status" aria-live="polite">
        {copied && <FormattedMessage id={copied === 'yes' ? 'share.copied' : 'share.copyManually'} />}
      </p>
      <details className="share-wechat" onToggle={(e) => void openQr(e.currentTarget.open)}>
        <summary>
          <FormattedMessage id="share.wechat" />
        </summary>
        <div className="share-wechat-body">
          {qr && <img src={qr} width={200} height={200} alt={intl.formatMessage({ id: 'share.wechatQrAlt' })} data-testid="wechat-qr" />}
          <p>
            <FormattedMessage id="share.wechatHint" />
          </p>
        </div>
      </details>
    </div>
  );
}
