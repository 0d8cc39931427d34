import { Form, Input, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import type { LibraryImage } from '../../../../common/console/uploads';
import { MediaLibraryGrid } from '../MediaLibraryGrid';

/** Chooses (or uploads) a library image and its description; the editor places it at the cursor. */
export function MediaLibraryPicker({ open, onClose, onPick }: { open: boolean; onClose: () => void; onPick: (image: LibraryImage, alt: string) => void }) {
  const intl = useIntl();
  const f = (id: string) => intl.formatMessage({ id });
  const [image, setImage] = useState<LibraryImage | null>(null);
  const [alt, setAlt] = useState('');

  useEffect(() => {
    if (!open) return;
    setImage(null);
    setAlt('');
  }, [open]);

  return (
    <Modal
      open={open}
      width={880}
      title={f('console.library.pickTitle')}
      okText={f('console.library.insert')}
      cancelText={f('console.editor.cancel')}
      okButtonProps={{ disabled: !image }}
      onOk={() => image && onPick(image, alt.trim())}
      onCancel={onClose}
      destroyOnHidden
    >
      <MediaLibraryGrid selected={image?.id} onSelect={setImage} />
      <Form layout="vertical" className="media-library-alt">
        <Form.Item label={f('console.library.alt')} extra={f('console.library.altHint')} htmlFor="library-alt">
          <Input id="library-alt" value={alt} maxLength={200} disabled={!image} onChange={(e) => setAlt(e.target.value)} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
