import { ReloadOutlined } from '@ant-design/icons';
import { Button, Input } from 'antd';
import { forwardRef, useCallback, useEffect, useImperativeHandle, useState } from 'react';
import { useIntl } from 'react-intl';
import type { CaptchaChallenge } from '../../../../common/gallery';
import { fetchCaptcha } from './gallery-api';

export type CaptchaHandle = { refresh: () => void; id: () => string | undefined };

/**
 * The server-made captcha picture with its answer input. One use: the form calls refresh() after every
 * submit (the server has used the captcha up whatever the outcome).
 */
export const CaptchaField = forwardRef<CaptchaHandle, { value?: string; onChange?: (v: string) => void; id?: string }>(function CaptchaField(
  { value, onChange, id },
  ref,
) {
  const intl = useIntl();
  const [challenge, setChallenge] = useState<CaptchaChallenge>();
  const refresh = useCallback(() => {
    onChange?.('');
    fetchCaptcha().then(setChallenge, () => undefined);
  }, [onChange]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: load the first picture once
  useEffect(() => refresh(), []);
  useImperativeHandle(ref, () => ({ refresh, id: () => challenge?.id }), [refresh, challenge]);
  return (
    <div className="captcha-row">
      <Input
        id={id}
        value={value}
        onChange={(e) => onChange?.(e.target.value)}
        placeholder={intl.formatMessage({ id: 'captcha.placeholder' })}
        autoComplete="off"
        maxLength={12}
        className="captcha-input"
      />
      {challenge ? (
        <img
          className="captcha-img"
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(challenge.svg)}`}
          alt={intl.formatMessage({ id: 'captcha.alt' })}
          width={120}
          height={44}
        />
      ) : (
        <span className="captcha-img captcha-img--empty" />
      )}
      <Button icon={<ReloadOutlined />} onClick={refresh} aria-label={intl.formatMessage({ id: 'captcha.refresh' })} />
    </div>
  );
});
