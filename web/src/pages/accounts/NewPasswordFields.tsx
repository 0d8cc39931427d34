import { Form, type FormInstance, Input } from 'antd';
import { useIntl } from 'react-intl';
import { newPasswordField } from '../../../../common/schemas/account';
import { confirmRule, schemaRule } from './form-rules';

/**
 * A new password and its confirmation (register, reset, change password): the shared rule from common/ as the
 * person types, the rule text under the field, and PasswordsDiffer when the two differ.
 */
export function NewPasswordFields({ form, labelId }: { form: FormInstance; labelId: 'auth.password' | 'auth.newPassword' }) {
  const intl = useIntl();
  return (
    <>
      <Form.Item
        name="password"
        label={intl.formatMessage({ id: labelId })}
        extra={intl.formatMessage({ id: 'auth.passwordRule' })}
        rules={[schemaRule(newPasswordField)]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="confirmPassword" label={intl.formatMessage({ id: 'auth.confirmPassword' })} dependencies={['password']} rules={[confirmRule(form)]}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
