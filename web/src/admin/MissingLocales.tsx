import { ExclamationCircleFilled } from '@ant-design/icons';
import { Tag, Tooltip } from 'antd';
import { useIntl } from 'react-intl';
import type { Locale } from '../../../common/locales';

/** One tag per locale an item's texts are missing in (the public site shows Chinese there instead). */
export function MissingLocaleTags({ locales }: { locales: Locale[] }) {
  const intl = useIntl();
  return locales.map((locale) => (
    <Tooltip key={locale} title={intl.formatMessage({ id: 'console.locale.missingHint' })}>
      <Tag color="warning" className="missing-locale-tag" data-testid={`missing-${locale}`}>
        {intl.formatMessage({ id: `console.locale.missing.${locale}` })}
      </Tag>
    </Tooltip>
  ));
}

/** The mark on an editor's locale tab whose texts are incomplete. */
export function MissingLocaleMark() {
  const intl = useIntl();
  return (
    <span className="missing-locale-mark" title={intl.formatMessage({ id: 'console.locale.missingHint' })}>
      <ExclamationCircleFilled aria-hidden />
      {intl.formatMessage({ id: 'console.locale.tabMissing' })}
    </span>
  );
}
