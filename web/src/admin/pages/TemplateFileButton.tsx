import { UploadOutlined } from '@ant-design/icons';
import { App, Button, Tooltip, Upload } from 'antd';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { TEMPLATE_ACCEPT } from '../../../../common/console/uploads';
import { replaceTemplateFile } from '../queries/content';

/** Replaces one template's file at once: the public download links serve the new file from then on. */
export function TemplateFileButton({ id, onReplaced }: { id: number; onReplaced: () => void }) {
  const intl = useIntl();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);

  const send = async (file: File) => {
    setBusy(true);
    const saved = await replaceTemplateFile(id, file).catch(() => null);
    setBusy(false);
    if (!saved) return;
    void message.success(intl.formatMessage({ id: 'console.templates.replaced' }, { name: saved.fileName }));
    onReplaced();
  };

  return (
    <Upload
      accept={TEMPLATE_ACCEPT}
      showUploadList={false}
      beforeUpload={(file) => {
        void send(file);
        return false;
      }}
    >
      <Tooltip title={intl.formatMessage({ id: 'console.templates.hint' })}>
        <Button size="small" icon={<UploadOutlined />} loading={busy}>
          <FormattedMessage id="console.templates.replace" />
        </Button>
      </Tooltip>
    </Upload>
  );
}
