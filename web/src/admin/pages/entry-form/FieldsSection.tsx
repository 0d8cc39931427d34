import { EyeInvisibleOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { type FieldDefinition, localText } from '../../../../../common/entry-form/definitions';
import type { Locale } from '../../../../../common/locales';
import { type AdminEntryForm, deleteField, moved, orderFields } from './admin-entry-form';
import { FieldModal } from './FieldModal';
import { OrderButtons } from './OrderButtons';

/** The questions asked after the fixed ones, contest-wide or for one group, in the order entrants see them. */
export function FieldsSection({ data, onChanged }: { data: AdminEntryForm; onChanged: () => Promise<unknown> }) {
  const intl = useIntl();
  const locale = intl.locale as Locale;
  const f = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { message } = App.useApp();
  const [editing, setEditing] = useState<FieldDefinition | 'new' | null>(null);
  const fields = data.fields;
  const groupName = (key: string | null) => {
    if (key === null) return f('entryForm.console.field.allGroups');
    const g = data.groups.find((x) => x.key === key);
    return g ? localText(g.name, locale) || key : key;
  };

  const move = async (index: number, step: -1 | 1) => {
    await orderFields(moved(fields, index, step).map((x) => x.id)).catch(() => null);
    await onChanged();
  };
  const remove = async (field: FieldDefinition) => {
    const ok = await deleteField(field.id).then(
      () => true,
      () => false,
    );
    if (ok) void message.success(f('entryForm.console.field.deleted'));
    await onChanged();
  };

  return (
    <Card
      title={
        <Typography.Title level={2} className="entry-form-console-h2">
          {f('entryForm.console.fields')}
        </Typography.Title>
      }
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          {f('entryForm.console.field.add')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{f('entryForm.console.fieldsIntro')}</Typography.Paragraph>
      <Table<FieldDefinition>
        rowKey="id"
        size="middle"
        pagination={false}
        dataSource={fields}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <span className="entry-form-console-empty">{f('entryForm.console.field.empty')}</span> }}
        columns={[
          {
            key: 'order',
            width: 72,
            title: <span className="visually-hidden">{f('entryForm.console.order')}</span>,
            render: (_v, x, i) => <OrderButtons index={i} count={fields.length} name={localText(x.label, locale)} onMove={(s) => void move(i, s)} />,
          },
          {
            key: 'label',
            title: f('entryForm.console.field.label'),
            render: (_v, x) => (
              <Space size={6} wrap>
                <Typography.Text strong>{localText(x.label, locale) || x.key}</Typography.Text>
                {x.required && <Tag color="red">{f('entryForm.console.field.requiredTag')}</Tag>}
                {x.requiredIfYoungerThan && <Tag color="orange">{f('entryForm.console.field.minorTag', { years: x.requiredIfYoungerThan.years })}</Tag>}
                <span className="entry-form-console-narrow">
                  {f(`entryForm.console.type.${x.type}`)} · {groupName(x.groupKey)}
                </span>
                {!x.visibleToJurors && <Tag icon={<EyeInvisibleOutlined />}>{f('entryForm.console.field.hiddenTag')}</Tag>}
              </Space>
            ),
          },
          {
            key: 'type',
            title: f('entryForm.console.field.type'),
            responsive: ['md'],
            render: (_v, x) => <Tag color="blue">{f(`entryForm.console.type.${x.type}`)}</Tag>,
          },
          { key: 'scope', title: f('entryForm.console.field.scope'), responsive: ['md'], render: (_v, x) => groupName(x.groupKey) },
          {
            key: 'actions',
            title: <span className="visually-hidden">{f('entryForm.console.actions')}</span>,
            render: (_v, x) => {
              const name = localText(x.label, locale) || x.key;
              return (
                <Space size={4} wrap className="entry-form-console-actions">
                  <Button size="small" onClick={() => setEditing(x)}>
                    {f('entryForm.console.edit')}
                    <span className="visually-hidden">{` ${name}`}</span>
                  </Button>
                  <Popconfirm
                    title={f('entryForm.console.field.deleteConfirm', { name })}
                    description={f('entryForm.console.field.deleteNote')}
                    okText={f('entryForm.console.delete')}
                    cancelText={f('entryForm.console.cancel')}
                    okButtonProps={{ danger: true }}
                    onConfirm={() => remove(x)}
                  >
                    <Button size="small" danger>
                      {f('entryForm.console.delete')}
                      <span className="visually-hidden">{` ${name}`}</span>
                    </Button>
                  </Popconfirm>
                </Space>
              );
            },
          },
        ]}
      />
      {/* Mounted per opening: a fresh form, and no busy state left from the last save. */}
      {editing !== null && (
        <FieldModal
          open
          field={editing === 'new' ? null : editing}
          groups={data.groups}
          fields={fields}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void message.success(f('entryForm.console.saved'));
            void onChanged();
          }}
        />
      )}
    </Card>
  );
}
