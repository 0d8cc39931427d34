import { Button } from 'antd';
import { FormattedMessage } from 'react-intl';
import type { MessageKey } from '../../../../common/i18n/index';

/** The full-width submit button that ends each account form. */
export function AuthSubmitButton({ labelKey, busy }: { labelKey: MessageKey; busy: boolean }) {
  return (
    <Button type="primary" htmlType="submit" block size="large" loading={busy}>
      <FormattedMessage id={labelKey} />
    </Button>
  );
}
