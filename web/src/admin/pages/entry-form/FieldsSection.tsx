import { EyeInvisibleOutlined } from '@ant-design/icons';
import { App, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { type FieldDefinition, localText } from '../../../../../common/entry-form/definitions';
import type { Locale } from '../../../../../common/locales';
import { type AdminEntryForm, deleteField, orderFields } from '../../queries/entry-form';
import { RowActions, SectionCard, useOrderedRows } from './EditorParts';
import { FieldModal } from './FieldModal';

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

  const {
    remove,
    orderColumn,
    table: rest,
  } = useOrderedRows({
    rows: fields,
    saveOrder: (rows) => orderFields(rows.map((x) => x.id)),
    deleteRow: (x) => deleteField(x.id),
    deletedText: f('entryForm.console.field.deleted'),
    emptyText: f('entryForm.console.field.empty'),
    orderTitle: f('entryForm.console.order'),
    nameOf: (x) => localText(x.label, locale),
    onChanged,
  });

  return (
    <SectionCard title={f('entryForm.console.fields')} addLabel={f('entryForm.console.field.add')} onAdd={() => setEditing('new')}>
      <Typography.Paragraph type="secondary">{f('entryForm.console.fieldsIntro')}</Typography.Paragraph>
      <Table<FieldDefinition>
        rowKey="id"
        {...rest}
        columns={[
          orderColumn,
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
                <RowActions
                  name={name}
                  onEdit={() => setEditing(x)}
                  onDelete={() => remove(x)}
                  confirmTitle={f('entryForm.console.field.deleteConfirm', { name })}
                  confirmNote={f('entryForm.console.field.deleteNote')}
                />
              );
            },
          },
        ]}
      />
      {/* Mounted per opening: a fresh form, and no busy state left from the last save. */}
      {editing !== null && (
        <FieldModal
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
    </SectionCard>
  );
}
