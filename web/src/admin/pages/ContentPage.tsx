import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Navigate, useParams } from 'react-router';
import type { AdminContentRow } from '../../../../common/console/api-types';
import { missingLocales } from '../../../../common/console/missing-locales';
import { emptyValues, isKindName, KIND_DEFS } from '../content-fields';
import { MissingLocaleTags } from '../MissingLocales';
import { deleteContent, publishNews, useContentList } from '../queries/content';
import { adminKeys } from '../queries/keys';
import { tablePagination } from '../table-pagination';
import { ContentEditor } from './ContentEditor';
import { TemplateFileButton } from './TemplateFileButton';

/** Where visitors see an item, to check it as they will (the editor's preview covers the body alone). */
const PUBLIC_PATHS: Partial<Record<string, string>> = { news: '/events/', exhibitions: '/exhibition/' };

/** News, jury, exhibitions, sponsors, templates and scam tips: a list with order, publish state and an editor. */
export function ContentPage() {
  const { kind } = useParams();
  const intl = useIntl();
  const f = (id: string) => intl.formatMessage({ id });
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<AdminContentRow | null>(null);
  const [creating, setCreating] = useState<Record<string, unknown> | null>(null);
  const valid = isKindName(kind);
  const { data, isFetching } = useContentList(kind, page, valid);
  if (!valid) return <Navigate to="/" replace />;
  const def = KIND_DEFS[kind];
  const refresh = () => qc.invalidateQueries({ queryKey: adminKeys.content(kind) });

  const publish = async (row: AdminContentRow, published: boolean) => {
    if (await publishNews(row.id, published).catch(() => null)) void message.success(f('console.content.saved'));
    await refresh();
  };
  const remove = async (row: AdminContentRow) => {
    if (
      await deleteContent(kind, row.id).then(
        () => true,
        () => false,
      )
    )
      void message.success(f('console.content.deleted'));
    await refresh();
  };

  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 20, marginTop: 0 }}>
        <FormattedMessage id={`console.menu.${kind}`} />
      </Typography.Title>
      <div className="console-toolbar">
        <Button type="primary" onClick={() => setCreating(emptyValues(kind))}>
          <FormattedMessage id="console.content.new" />
        </Button>
      </div>
      <Table<AdminContentRow>
        rowKey="id"
        size="small"
        loading={isFetching}
        dataSource={data?.items ?? []}
        scroll={{ x: 700 }}
        pagination={tablePagination(intl, { page, total: data?.total, onChange: setPage })}
        columns={[
          { title: 'ID', dataIndex: 'id', width: 60 },
          {
            title: f(def.texts[0]?.label ?? 'console.field.title'),
            key: 'title',
            render: (_, r) => (
              <Space size={[8, 4]} wrap>
                <span>{String(r.i18n['zh-CN']?.[def.titleField] ?? '')}</span>
                <MissingLocaleTags
                  locales={missingLocales(
                    r.i18n,
                    def.texts.map((t) => t.name),
                  )}
                />
              </Space>
            ),
          },
          ...(def.publishable
            ? [
                {
                  title: f('console.field.status'),
                  key: 'status',
                  width: 100,
                  render: (_: unknown, r: AdminContentRow) => (
                    <Tag color={r.status === 'published' ? 'green' : undefined}>
                      {f(r.status === 'published' ? 'console.content.published' : 'console.content.draft')}
                    </Tag>
                  ),
                },
                {
                  title: f('console.field.publishedAt'),
                  key: 'publishedAt',
                  width: 170,
                  render: (_: unknown, r: AdminContentRow) => new Date(String(r.publishedAt)).toLocaleString(intl.locale),
                },
              ]
            : []),
          ...(kind === 'templates'
            ? [
                {
                  title: f('console.field.fileName'),
                  key: 'file',
                  render: (_: unknown, r: AdminContentRow) => (
                    <a href={String(r.fileUrl)} download={String(r.fileName)}>
                      {String(r.fileName)}
                    </a>
                  ),
                },
              ]
            : []),
          { title: f('console.field.sort'), dataIndex: 'sort', width: 70 },
          {
            title: f('console.entries.actions'),
            key: 'actions',
            width: kind === 'templates' ? 320 : 220,
            render: (_, r) => (
              <Space size={4} wrap>
                <Button size="small" onClick={() => setEditing(r)}>
                  <FormattedMessage id="console.content.edit" />
                </Button>
                {kind === 'templates' && <TemplateFileButton id={r.id} onReplaced={() => void refresh()} />}
                {PUBLIC_PATHS[kind] && (kind !== 'news' || r.status === 'published') && (
                  <Button size="small" href={`${PUBLIC_PATHS[kind]}${r.id}`} target="_blank">
                    <FormattedMessage id="console.content.view" />
                  </Button>
                )}
                {def.publishable && (
                  <Button size="small" onClick={() => void publish(r, r.status !== 'published')}>
                    <FormattedMessage id={r.status === 'published' ? 'console.content.unpublish' : 'console.content.publish'} />
                  </Button>
                )}
                <Popconfirm title={f('console.content.confirmDelete')} onConfirm={() => void remove(r)}>
                  <Button size="small" danger>
                    <FormattedMessage id="console.content.delete" />
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <ContentEditor
        kind={kind}
        row={editing}
        initial={creating}
        onClose={() => {
          setEditing(null);
          setCreating(null);
        }}
        onSaved={() => {
          setEditing(null);
          setCreating(null);
          void refresh();
        }}
      />
    </>
  );
}
