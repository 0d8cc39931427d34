import { App, Button, Input, Modal } from 'antd';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { requestEntryChanges } from '../queries/entries';

/**
 * Sends a waiting entry back to its entrant with a note of what to change (mailed to them); the entry
 * comes back to review when they save their changes.
 */
export function RequestChangesButton({ id, onDone }: { id: number; onDone: () => Promise<unknown> }) {
  const intl = useIntl();
  const f = (key: string) => intl.formatMessage({ id: key });
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');

  const confirm = async () => {
    const r = await requestEntryChanges(id, note).catch(() => null);
    if (!r) return;
    void (r.mailed ? message.success(f('console.entries.changesRequested')) : message.warning(f('console.entries.mailFailed')));
    setOpen(false);
    setNote('');
    await onDone();
  };

  return (
    <>
      <Button onClick={() => setOpen(true)}>
        <FormattedMessage id="console.entries.requestChanges" />
      </Button>
      <Modal
        open={open}
        title={f('console.entries.requestChangesTitle')}
        okButtonProps={{ disabled: note.trim() === '' }}
        okText={f('console.entries.requestChanges')}
        onOk={() => void confirm()}
        onCancel={() => setOpen(false)}
      >
        <label htmlFor="changes-note">
          <FormattedMessage id="console.entries.changesNote" />
        </label>
        <Input.TextArea id="changes-note" rows={4} maxLength={1000} value={note} onChange={(e) => setNote(e.target.value)} />
      </Modal>
    </>
  );
}
