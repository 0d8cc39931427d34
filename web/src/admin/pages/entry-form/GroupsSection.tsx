import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Popconfirm, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { type GroupDefinition, localText } from '../../../../../common/entry-form/definitions';
import type { Locale } from '../../../../../common/locales';
import { type AdminEntryForm, deleteGroup, moved, orderGroups } from './admin-entry-form';
import { GroupModal } from './GroupModal';
import { OrderButtons } from './OrderButtons';

/** What a group's films must be, in a line: "3 min · landscape · 1080p or more". */
export function filmSummary(g: GroupDefinition, f: (id: string, v?: Record<string, string | number>) => string): string {
  const parts: string[] = [];
  if (g.film.maxSeconds) parts.push(f('entryForm.console.group.upTo', { minutes: Math.round((g.film.maxSeconds / 60) * 10) / 10 }));
  const o = g.film.orientations;
  parts.push(f(`entryForm.console.orientation.${o.length === 1 ? o[0] : 'both'}`));
  if (g.film.minShortSide) parts.push(f('entryForm.console.group.atLeast', { px: g.film.minShortSide }));
  return parts.join(' · ');
}

/** The groups an entrant chooses from, in order, with their film limits and entry counts. */
export function GroupsSection({ data, onChanged }: { data: AdminEntryForm; onChanged: () => Promise<unknown> }) {
  const intl = useIntl();
  const locale = intl.locale as Locale;
  const f = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { message } = App.useApp();
  const [editing, setEditing] = useState<GroupDefinition | 'new' | null>(null);
  const groups = data.groups;

  const move = async (index: number, step: -1 | 1) => {
    await orderGroups(moved(groups, index, step).map((g) => g.key)).catch(() => null);
    await onChanged();
  };
  const remove = async (g: GroupDefinition) => {
    const ok = await deleteGroup(g.key).then(
      () => true,
      () => false,
    );
    if (ok) void message.success(f('entryForm.console.group.deleted'));
    await onChanged();
  };

  return (
    <Card
      title={
        <Typography.Title level={2} className="entry-form-console-h2">
          {f('entryForm.console.groups')}
        </Typography.Title>
      }
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          {f('entryForm.console.group.add')}
        </Button>
      }
    >
      <Table<GroupDefinition>
        rowKey="key"
        size="middle"
        pagination={false}
        dataSource={groups}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <span className="entry-form-console-empty">{f('entryForm.console.group.empty')}</span> }}
        columns={[
          {
            key: 'order',
            width: 72,
            title: <span className="visually-hidden">{f('entryForm.console.order')}</span>,
            render: (_v, g, i) => <OrderButtons index={i} count={groups.length} name={localText(g.name, locale)} onMove={(s) => void move(i, s)} />,
          },
          {
            key: 'name',
            title: f('entryForm.console.group.name'),
            render: (_v, g) => (
              <Space orientation="vertical" size={0}>
                <Typography.Text strong>{localText(g.name, locale) || g.key}</Typography.Text>
                <Typography.Text type="secondary" className="entry-form-console-key">
                  {g.key}
                </Typography.Text>
                {/* On a phone the film and entry columns are left out; their facts go under the name. */}
                <span className="entry-form-console-narrow">
                  {filmSummary(g, f)} · {f('entryForm.console.group.entries')} {data.entryCounts[g.key] ?? 0}
                </span>
              </Space>
            ),
          },
          { key: 'film', title: f('entryForm.console.group.film'), responsive: ['md'], render: (_v, g) => filmSummary(g, f) },
          {
            key: 'entries',
            title: f('entryForm.console.group.entries'),
            align: 'right',
            responsive: ['md'],
            render: (_v, g) => <Tag data-testid={`group-entries-${g.key}`}>{data.entryCounts[g.key] ?? 0}</Tag>,
          },
          {
            key: 'actions',
            title: <span className="visually-hidden">{f('entryForm.console.actions')}</span>,
            render: (_v, g) => {
              const name = localText(g.name, locale) || g.key;
              const count = data.entryCounts[g.key] ?? 0;
              return (
                <Space size={4} wrap className="entry-form-console-actions">
                  <Button size="small" onClick={() => setEditing(g)}>
                    {f('entryForm.console.edit')}
                    <span className="visually-hidden">{` ${name}`}</span>
                  </Button>
                  {count > 0 ? (
                    <Tooltip title={f('entryForm.console.group.hasEntries', { count })}>
                      <Button size="small" danger disabled>
                        {f('entryForm.console.delete')}
                        <span className="visually-hidden">{` ${name}`}</span>
                      </Button>
                    </Tooltip>
                  ) : (
                    <Popconfirm
                      title={f('entryForm.console.group.deleteConfirm', { name })}
                      okText={f('entryForm.console.delete')}
                      cancelText={f('entryForm.console.cancel')}
                      okButtonProps={{ danger: true }}
                      onConfirm={() => remove(g)}
                    >
                      <Button size="small" danger>
                        {f('entryForm.console.delete')}
                        <span className="visually-hidden">{` ${name}`}</span>
                      </Button>
                    </Popconfirm>
                  )}
                </Space>
              );
            },
          },
        ]}
      />
      {/* Mounted per opening: a fresh form, and no busy state left from the last save. */}
      {editing !== null && (
        <GroupModal
          open
          group={editing === 'new' ? null : editing}
          takenKeys={groups.map((g) => g.key)}
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
