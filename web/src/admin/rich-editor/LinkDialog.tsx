import { Button, Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { isAllowedLink } from '../../../../common/console/rich-links';
import { Code } from '../../../../common/errors';
import { errorText } from '../../i18n/error-text';

/** Asks for a link's address (http, https or mailto); an empty address or "remove" takes the link off. */
export function LinkDialog({ open, href, onClose, onApply }: { open: boolean; href: string; onClose: () => void; onApply: (href: string) => void }) {
  const intl = useIntl();
  const f = (id: string) => intl.formatMessage({ id });
  const [form] = Form.useForm<{ href: string }>();

  useEffect(() => {
    if (open) form.setFieldsValue({ href });
  }, [open, href, form]);

  return (
    <Modal
      open={open}
      title={f('console.editor.linkTitle')}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        href && (
          <Button key="remove" danger onClick={() => onApply('')}>
            {f('console.editor.removeLink')}
          </Button>
        ),
        <Button key="cancel" onClick={onClose}>
          {f('console.editor.cancel')}
        </Button>,
        <Button key="apply" type="primary" onClick={() => form.submit()}>
          {f('console.editor.apply')}
        </Button>,
      ]}
    >
      <Form form={form} layout="vertical" onFinish={(v) => onApply(v.href.trim())}>
        <Form.Item
          name="href"
          label={f('console.editor.linkUrl')}
          extra={f('console.editor.linkHint')}
          rules={[
            { required: true, whitespace: true, message: errorText(Code.LinkScheme) },
            { validator: (_, v: string | undefined) => (!v || isAllowedLink(v) ? Promise.resolve() : Promise.reject(new Error(errorText(Code.LinkScheme)))) },
          ]}
        >
          <Input autoFocus inputMode="url" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
