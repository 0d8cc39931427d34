import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, type FormInstance, Modal, Popconfirm, Space, type TableProps, Tooltip, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useIntl } from 'react-intl';
import { showFieldErrors } from '../../../api/form-errors';
import { moved } from '../../queries/entry-form';
import { OrderButtons } from './OrderButtons';

/** A section of the entry-form page: its h2 and its "add" button. */
export function SectionCard({ title, addLabel, onAdd, children }: { title: string; addLabel: string; onAdd: () => void; children: ReactNode }) {
  return (
    <Card
      title={
        <Typography.Title level={2} className="entry-form-console-h2">
          {title}
        </Typography.Title>
      }
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={onAdd}>
          {addLabel}
        </Button>
      }
    >
      {children}
    </Card>
  );
}

/**
 * Edit and delete for one row. The row's name follows each button's visible word for screen readers. `refusal`
 * disables delete and says why (a group with entries).
 */
export function RowActions({
  name,
  onEdit,
  onDelete,
  confirmTitle,
  confirmNote,
  refusal,
}: {
  name: string;
  onEdit: () => void;
  onDelete: () => Promise<unknown>;
  confirmTitle: string;
  confirmNote?: string;
  refusal?: string;
}) {
  const intl = useIntl();
  const f = (id: string) => intl.formatMessage({ id });
  const named = (word: string) => (
    <>
      {word}
      <span className="visually-hidden">{` ${name}`}</span>
    </>
  );
  return (
    <Space size={4} wrap className="entry-form-console-actions">
      <Button size="small" onClick={onEdit}>
        {named(f('entryForm.console.edit'))}
      </Button>
      {refusal ? (
        <Tooltip title={refusal}>
          <Button size="small" danger disabled>
            {named(f('entryForm.console.delete'))}
          </Button>
        </Tooltip>
      ) : (
        <Popconfirm
          title={confirmTitle}
          description={confirmNote}
          okText={f('entryForm.console.delete')}
          cancelText={f('entryForm.console.cancel')}
          okButtonProps={{ danger: true }}
          onConfirm={onDelete}
        >
          <Button size="small" danger>
            {named(f('entryForm.console.delete'))}
          </Button>
        </Popconfirm>
      )}
    </Space>
  );
}

/** The add / edit dialog of a group or a field: Save submits its form. Mounted per opening by its section. */
export function EditorModal({
  title,
  busy,
  width,
  onSave,
  onClose,
  children,
}: {
  title: string;
  busy: boolean;
  width: number;
  onSave: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const intl = useIntl();
  return (
    <Modal
      open
      title={title}
      okText={intl.formatMessage({ id: 'entryForm.console.save' })}
      cancelText={intl.formatMessage({ id: 'entryForm.console.cancel' })}
      onOk={onSave}
      onCancel={onClose}
      confirmLoading={busy}
      width={width}
      forceRender
    >
      {children}
    </Modal>
  );
}

/** A dialog's save: busy while it runs, the server's refusals under their fields, `onSaved` once it took. */
export function useSave(form: FormInstance, onSaved: () => void) {
  const [busy, setBusy] = useState(false);
  const run = async (call: () => Promise<unknown>) => {
    setBusy(true);
    const saved = await call().catch((err: unknown) => {
      showFieldErrors(form, err);
      return null;
    });
    setBusy(false);
    if (saved) onSaved();
  };
  return { busy, run };
}

/** What the two ordered lists share: no pages, a readable empty text, the move buttons first. */
export function orderedTable<T extends object>(
  rows: T[],
  emptyText: string,
  nameOf: (row: T) => string,
  onMove: (index: number, step: -1 | 1) => void,
  orderTitle: string,
): Pick<TableProps<T>, 'size' | 'pagination' | 'dataSource' | 'locale'> & { orderColumn: NonNullable<TableProps<T>['columns']>[number] } {
  return {
    size: 'middle',
    pagination: false,
    dataSource: rows,
    locale: { emptyText: <span className="entry-form-console-empty">{emptyText}</span> },
    orderColumn: {
      key: 'order',
      width: 72,
      title: <span className="visually-hidden">{orderTitle}</span>,
      render: (_v, row, i) => <OrderButtons index={i} count={rows.length} name={nameOf(row)} onMove={(step) => onMove(i, step)} />,
    },
  };
}

/**
 * A console list the organiser orders and deletes from (groups, questions): moving a row or deleting one saves at
 * once and reloads the form; `table` and `orderColumn` are the table's props and its up/down column.
 */
export function useOrderedRows<T extends object>(opts: {
  rows: T[];
  saveOrder: (rows: T[]) => Promise<unknown>;
  deleteRow: (row: T) => Promise<unknown>;
  deletedText: string;
  emptyText: string;
  orderTitle: string;
  nameOf: (row: T) => string;
  onChanged: () => Promise<unknown>;
}) {
  const { message } = App.useApp();
  const move = async (index: number, step: -1 | 1) => {
    await opts.saveOrder(moved(opts.rows, index, step)).catch(() => null);
    await opts.onChanged();
  };
  const remove = async (row: T) => {
    const ok = await opts.deleteRow(row).then(
      () => true,
      () => false,
    );
    if (ok) void message.success(opts.deletedText);
    await opts.onChanged();
  };
  const { orderColumn, ...table } = orderedTable(opts.rows, opts.emptyText, opts.nameOf, (i, step) => void move(i, step), opts.orderTitle);
  return { remove, orderColumn, table };
}
