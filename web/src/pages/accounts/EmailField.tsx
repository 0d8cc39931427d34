import { Form, Input } from 'antd';
import { useIntl } from 'react-intl';
import { emailField } from '../../../../common/schemas/account';
import { schemaRule } from './form-rules';

/** The e-mail field of the account forms (login, register, forgot password, resend verification). */
export function EmailField() {
  const intl = useIntl();
  return (
    <Form.Item name="email" label={intl.formatMessage({ id: 'auth.email' })} rules={[schemaRule(emailField)]}>
      <Input type="email" autoComplete="email" inputMode="email" />
    </Form.Item>
  );
}
