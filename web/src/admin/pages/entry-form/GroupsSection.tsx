import { App, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { type GroupDefinition, localText } from '../../../../../common/entry-form/definitions';
import type { Locale } from '../../../../../common/locales';
import { type AdminEntryForm, deleteGroup, orderGroups } from '../../queries/entry-form';
import { RowActions, SectionCard, useOrderedRows } from './EditorParts';
import { GroupModal } from './GroupModal';

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

  const {
    remove,
    orderColumn,
    table: rest,
  } = useOrderedRows({
    rows: groups,
    saveOrder: (rows) => orderGroups(rows.map((g) => g.key)),
    deleteRow: (g) => deleteGroup(g.key),
    deletedText: f('entryForm.console.group.deleted'),
    emptyText: f('entryForm.console.group.empty'),
    orderTitle: f('entryForm.console.order'),
    nameOf: (g) => localText(g.name, locale),
    onChanged,
  });

  return (
    <SectionCard title={f('entryForm.console.groups')} addLabel={f('entryForm.console.group.add')} onAdd={() => setEditing('new')}>
      <Table<GroupDefinition>
        rowKey="key"
        {...rest}
        columns={[
          orderColumn,
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
              const count = data.entryCounts[g.key] ?? 0;
              return (
                <RowActions
                  name={localText(g.name, locale) || g.key}
                  onEdit={() => setEditing(g)}
                  onDelete={() => remove(g)}
                  confirmTitle={f('entryForm.console.group.deleteConfirm', { name: localText(g.name, locale) || g.key })}
                  refusal={count > 0 ? f('entryForm.console.group.hasEntries', { count }) : undefined}
                />
              );
            },
          },
        ]}
      />
      {/* Mounted per opening: a fresh form, and no busy state left from the last save. */}
      {editing !== null && (
        <GroupModal
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
    </SectionCard>
  );
}
