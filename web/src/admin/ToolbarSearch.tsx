import { Input } from 'antd';
import { useIntl } from 'react-intl';
import type { MessageKey } from '../../../common/i18n/index';

/** The search box of a console list's toolbar: its label is also the placeholder; clearing it searches for ''. */
export function ToolbarSearch({ labelKey, width, onSearch }: { labelKey: MessageKey; width: number; onSearch: (value: string) => void }) {
  const intl = useIntl();
  const label = intl.formatMessage({ id: labelKey });
  return <Input.Search allowClear aria-label={label} placeholder={label} style={{ width }} onSearch={onSearch} />;
}
