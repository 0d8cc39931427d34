import { Typography } from 'antd';
import { FormattedMessage } from 'react-intl';
import { MediaLibraryGrid } from '../MediaLibraryGrid';

/** The media library on its own: what is uploaded, where it is used, and deleting what is not. */
export function MediaLibraryPage() {
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 20, marginTop: 0 }}>
        <FormattedMessage id="console.menu.mediaLibrary" />
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        <FormattedMessage id="console.library.intro" />
      </Typography.Paragraph>
      <MediaLibraryGrid />
    </>
  );
}
