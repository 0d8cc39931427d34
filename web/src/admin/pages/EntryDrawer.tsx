import { DownloadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Descriptions, Drawer, Select, Space, Tag, Timeline, Typography } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import type { EntryFileName } from '../../../../common/console/uploads';
import { useCurrentUser } from '../../app/current-user';
import { AnswerList } from '../../components/entry-form/AnswerList';
import { useGroupNames } from '../../components/entry-form/use-group-names';
import { downloadEntryFile } from '../api';
import { approveEntry, setEntryAward, useEntry, useEntryFiles } from '../queries/entries';
import { adminKeys } from '../queries/keys';
import { EntryFilm } from './EntryFilm';
import { RequestChangesButton } from './RequestChangesButton';

/** One entry: video, every file, the submitter, the decisions so far, and the actions. */
export function EntryDrawer({ id, onClose, onReject }: { id: number | null; onClose: () => void; onReject: (ids: number[]) => void }) {
  const intl = useIntl();
  const { access } = useCurrentUser();
  const f = (key: string, values?: Record<string, string | number>) => intl.formatMessage({ id: key }, values);
  const { message } = App.useApp();
  const qc = useQueryClient();
  const { data } = useEntry(id);
  const files = useEntryFiles(id);
  const refresh = () => qc.invalidateQueries({ queryKey: adminKeys.all });
  const { nameOf } = useGroupNames();

  const approve = async () => {
    if (id === null) return;
    const e = await approveEntry(id).catch(() => null);
    if (e) void message.success(f('console.entries.approved', { entryNo: e.entryNo ?? '' }));
    await refresh();
  };
  const award = async (value: string) => {
    if (id === null) return;
    const ok = await setEntryAward(id, value === 'none' ? null : value).catch(() => null);
    if (ok) void message.success(f('console.entries.saved'));
    await refresh();
  };

  // Through the admin-only route: the film original and the package are never public.
  const download = (name: EntryFileName) => {
    const info = files.data?.find((x) => x.name === name);
    if (!info || id === null) return null;
    return (
      <Button
        size="small"
        icon={<DownloadOutlined />}
        aria-label={`${f('console.detail.download')} ${info.fileName}`}
        onClick={() => void downloadEntryFile(id, name).catch(() => undefined)}
      >
        <FormattedMessage id="console.detail.download" />
      </Button>
    );
  };
  const missing = (
    <Typography.Text type="secondary">
      <FormattedMessage id="console.detail.missing" />
    </Typography.Text>
  );
  const file = (url: string | null, name: EntryFileName) =>
    url ? (
      <Space size={12} wrap>
        <a href={url} target="_blank" rel="noreferrer">
          <FormattedMessage id="console.detail.open" />
        </a>
        {download(name)}
      </Space>
    ) : (
      missing
    );
  const original = (name: 'video' | 'trailer' | 'empower', none = missing) => {
    const info = files.data?.find((x) => x.name === name);
    return info ? (
      <Space size={12} wrap>
        <Typography.Text>{`${info.fileName}${info.size ? ` · ${(info.size / 1024 / 1024).toFixed(1)} MB` : ''}`}</Typography.Text>
        {download(name)}
      </Space>
    ) : (
      none
    );
  };

  return (
    <Drawer open={id !== null} onClose={onClose} size="large" title={data ? `${data.title}` : ''} destroyOnHidden>
      {data && (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Space wrap>
            <Tag>{f(`console.status.${data.status}`)}</Tag>
            {data.entryNo !== null && <Tag color="blue">{`${f('console.entries.entryNo')} ${data.entryNo}`}</Tag>}
            {(data.status === 'pending' || data.status === 'changesRequested' || data.status === 'rejected') && (
              <Button type="primary" onClick={() => void approve()}>
                <FormattedMessage id="console.entries.approve" />
              </Button>
            )}
            {data.status === 'pending' && <RequestChangesButton id={data.id} onDone={refresh} />}
            {(data.status === 'pending' || data.status === 'changesRequested' || data.status === 'approved') && (
              <Button danger onClick={() => onReject([data.id])}>
                <FormattedMessage id="console.entries.reject" />
              </Button>
            )}
            {data.status === 'approved' && access.consoleOrganiser && (
              <Select
                aria-label={f('console.entries.setAward')}
                value={data.award ?? 'none'}
                style={{ width: 140 }}
                onChange={(v) => void award(v)}
                options={['none', 'finalist', 'winner'].map((a) => ({ value: a, label: f(`console.award.${a}`) }))}
              />
            )}
          </Space>
          <Typography.Title level={2} style={{ fontSize: 16 }}>
            <FormattedMessage id="console.detail.video" />
          </Typography.Title>
          <EntryFilm entryId={data.id} title={data.title} poster={data.videoCoverUrl} film={data.film} onChanged={refresh} />
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label={f('console.entries.submissionNo')}>{data.submissionNo}</Descriptions.Item>
            <Descriptions.Item label={f('console.entries.group')}>{nameOf(data.group)}</Descriptions.Item>
            <Descriptions.Item label={f('console.detail.titleEn')}>{data.titleEn ? <span lang="en">{data.titleEn}</span> : '—'}</Descriptions.Item>
            <Descriptions.Item label={f('console.entries.team')}>{data.team}</Descriptions.Item>
            <Descriptions.Item label={f('console.detail.description')}>{data.description}</Descriptions.Item>
            <Descriptions.Item label={f('console.detail.teamDesc')}>{data.teamDesc}</Descriptions.Item>
            <Descriptions.Item label={f('console.detail.slogan')}>{data.slogan}</Descriptions.Item>
            <Descriptions.Item label={f('console.detail.submitter')}>{`${data.submitter.email} (${data.submitter.locale})`}</Descriptions.Item>
            <Descriptions.Item label={f('console.detail.cover')}>{file(data.coverUrl, 'cover')}</Descriptions.Item>
            <Descriptions.Item label={f('console.detail.videoCover')}>{file(data.videoCoverUrl, 'videoCover')}</Descriptions.Item>
            <Descriptions.Item label={f('console.detail.teamLogo')}>{file(data.teamLogoUrl, 'teamLogo')}</Descriptions.Item>
            <Descriptions.Item label={f('console.detail.videoOriginal')}>{original('video')}</Descriptions.Item>
            <Descriptions.Item label={f('console.detail.trailer')}>
              {original(
                'trailer',
                // Optional (trailers may come with an entry, never required): an entry without one lacks nothing.
                <Typography.Text type="secondary">
                  <FormattedMessage id="console.detail.noTrailer" />
                </Typography.Text>,
              )}
            </Descriptions.Item>
            <Descriptions.Item label={f('console.detail.empower')}>{original('empower')}</Descriptions.Item>
            {data.rejectReason && <Descriptions.Item label={f('console.detail.rejectReason')}>{data.rejectReason}</Descriptions.Item>}
            {data.changesNote && <Descriptions.Item label={f('console.detail.changesNote')}>{data.changesNote}</Descriptions.Item>}
          </Descriptions>
          {data.answers.length > 0 && (
            <>
              <Typography.Title level={2} style={{ fontSize: 16 }}>
                <FormattedMessage id="entryForm.view.answers" />
              </Typography.Title>
              <AnswerList answers={data.answers} testId="drawer-answers" />
            </>
          )}
          <Typography.Title level={2} style={{ fontSize: 16 }}>
            <FormattedMessage id="console.detail.history" />
          </Typography.Title>
          {data.history.length === 0 ? (
            <Typography.Text type="secondary">
              <FormattedMessage id="console.detail.noHistory" />
            </Typography.Text>
          ) : (
            <Timeline
              items={data.history.map((h) => ({
                key: h.id,
                content: `${new Date(h.createdAt).toLocaleString(intl.locale)} · ${f(`console.history.${h.action}`)}${h.note ? ` · ${h.note}` : ''} · ${h.adminEmail ?? ''}`,
              }))}
            />
          )}
        </Space>
      )}
    </Drawer>
  );
}
