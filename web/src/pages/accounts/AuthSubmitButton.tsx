import { Button } from 'antd';
import { FormattedMessage } from 'react-intl';
import type { MessageKey } from '../../../../common/i18n/index';
import { useHydrated } from '../../app/server-html';

/** The full-width submit button that ends each account form. */
export function AuthSubmitButton({ labelKey, busy }: { labelKey: MessageKey; busy: boolean }) {
  // Painted by the server, the form would post itself natively (a GET: the password in the address) if sent
  // before the app has taken the page over.
  const hydrated = useHydrated();
  return (
    <Button type="primary" htmlType="submit" block size="large" loading={busy} disabled={!hydrated}>
      <FormattedMessage id={labelKey} />
    </Button>
  );
}
