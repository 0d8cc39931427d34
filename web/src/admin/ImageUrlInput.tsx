import { UploadOutlined } from '@ant-design/icons';
import { App, Button, Input, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { CONTENT_IMAGE_ACCEPT, type ContentImagePurpose } from '../../../common/console/uploads';
import { uploadContentImage } from './queries/content';

/** Only the site's own images preview: the console's CSP (img-src 'self') would block any other address. */
const previewable = (url: string | undefined): url is string => !!url && url.startsWith('/') && !url.startsWith('//');

/**
 * An image field of a content form: the URL stays editable by hand, an upload fills it with the address
 * of the checked, re-encoded copy, and a thumbnail shows what the row will display.
 */
export function ImageUrlInput({ id, value, onChange, purpose }: { id?: string; value?: string; onChange?: (v: string) => void; purpose: ContentImagePurpose }) {
  const intl = useIntl();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);

  const upload = async (file: File) => {
    setBusy(true);
    const saved = await uploadContentImage(purpose, file).catch(() => null);
    setBusy(false);
    if (!saved) return;
    onChange?.(saved.url);
    void message.success(intl.formatMessage({ id: 'console.upload.done' }));
  };

  return (
    <Space orientation="vertical" size={4} style={{ width: '100%' }}>
      <Space.Compact style={{ width: '100%' }}>
        <Input id={id} value={value} onChange={(e) => onChange?.(e.target.value)} />
        <Upload
          accept={CONTENT_IMAGE_ACCEPT}
          showUploadList={false}
          beforeUpload={(file) => {
            void upload(file);
            return false; // we send it ourselves (raw body, bearer token)
          }}
        >
          <Button icon={<UploadOutlined />} loading={busy}>
            <FormattedMessage id="console.upload.image" />
          </Button>
        </Upload>
      </Space.Compact>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        <FormattedMessage id="console.upload.imageHint" />
      </Typography.Text>
      {previewable(value) && (
        <img className="console-image-preview" src={value} alt={intl.formatMessage({ id: 'console.upload.preview' })} data-testid={`preview-${purpose}`} />
      )}
    </Space>
  );
}
