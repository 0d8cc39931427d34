import { CheckCircleFilled, DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, Popconfirm, Skeleton, Tag, Tooltip, Typography, Upload } from 'antd';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { CONTENT_IMAGE_ACCEPT, type LibraryImage } from '../../../common/console/uploads';
import { resizedImageUrl } from '../../../common/media';
import { deleteLibraryImage, uploadLibraryImage, useMediaLibrary } from './queries/content';
import { adminKeys } from './queries/keys';

/** The library's small copy (made by the image resizer), so a grid of photos stays light. */
const thumbnail = (url: string) => resizedImageUrl(url, 320, 'webp') ?? url;

/**
 * The media library as a grid: upload, see where each image is used, delete what no text shows. With
 * `onSelect` a tile is a choice (the editor's picker); the newest upload is chosen at once.
 */
export function MediaLibraryGrid({ selected, onSelect }: { selected?: number; onSelect?: (image: LibraryImage) => void }) {
  const intl = useIntl();
  const f = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const { data } = useMediaLibrary();

  const upload = async (file: File) => {
    setBusy(true);
    const saved = await uploadLibraryImage(file).catch(() => null);
    setBusy(false);
    if (!saved) return;
    void message.success(f('console.library.uploaded'));
    await qc.invalidateQueries({ queryKey: adminKeys.mediaLibrary });
    onSelect?.(saved);
  };
  const remove = async (image: LibraryImage) => {
    const done = await deleteLibraryImage(image.id).then(
      () => true,
      () => false,
    );
    if (done) void message.success(f('console.library.deleted'));
    await qc.invalidateQueries({ queryKey: adminKeys.mediaLibrary });
  };

  return (
    <div className="media-library">
      <div className="media-library-upload">
        <Upload
          accept={CONTENT_IMAGE_ACCEPT}
          showUploadList={false}
          beforeUpload={(file) => {
            void upload(file);
            return false; // sent by adminUpload (raw body, bearer token)
          }}
        >
          <Button icon={<UploadOutlined />} loading={busy}>
            <FormattedMessage id="console.library.upload" />
          </Button>
        </Upload>
        <Typography.Text type="secondary">
          <FormattedMessage id="console.library.hint" />
        </Typography.Text>
      </div>
      {!data ? (
        <Skeleton active />
      ) : data.length === 0 ? (
        <Empty description={f('console.library.empty')} />
      ) : (
        <ul className="media-library-grid">
          {data.map((image) => {
            const picked = selected === image.id;
            const picture = <img src={thumbnail(image.url)} alt="" loading="lazy" width={image.width} height={image.height} />;
            return (
              <li key={image.id} className={picked ? 'media-library-tile is-picked' : 'media-library-tile'} data-testid="library-image">
                {onSelect ? (
                  <button
                    type="button"
                    className="media-library-thumb"
                    aria-pressed={picked}
                    aria-label={f('console.library.choose', { name: image.name })}
                    onClick={() => onSelect(image)}
                  >
                    {picture}
                    {picked && <CheckCircleFilled className="media-library-check" aria-hidden />}
                  </button>
                ) : (
                  <div className="media-library-thumb">{picture}</div>
                )}
                <div className="media-library-meta">
                  <Typography.Text ellipsis={{ tooltip: image.name }} className="media-library-name">
                    {image.name}
                  </Typography.Text>
                  <Typography.Text type="secondary" className="media-library-size">
                    {`${image.width} × ${image.height} · ${intl.formatNumber(Math.max(1, Math.round(image.bytes / 1024)), { style: 'unit', unit: 'kilobyte' })}`}
                  </Typography.Text>
                  <div className="media-library-actions">
                    <Tag color={image.uses > 0 ? 'blue' : undefined}>
                      {image.uses > 0 ? f('console.library.uses', { count: image.uses }) : f('console.library.unused')}
                    </Tag>
                    {image.uses > 0 ? (
                      <Tooltip title={f('console.library.inUse')}>
                        <Button size="small" type="text" danger disabled icon={<DeleteOutlined />} aria-label={f('console.library.delete')} />
                      </Tooltip>
                    ) : (
                      <Popconfirm title={f('console.library.confirmDelete')} onConfirm={() => void remove(image)}>
                        <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={f('console.library.delete')} />
                      </Popconfirm>
                    )}
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
