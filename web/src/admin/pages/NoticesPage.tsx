import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, InputNumber, Select, Space, Switch, Table, Tabs, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { LOCALE_LABELS, type Locale, SUPPORTED_LOCALES } from '../../../../common/locales';
import type { MailLocaleText } from '../../../../common/mail-templates';
import {
  AUDIENCE_KINDS,
  type Audience,
  type AudienceKind,
  type MailFailure,
  type MailTally,
  REMINDER_HOURS_MAX,
  REMINDER_KINDS,
  type ReminderSettings,
} from '../../../../common/notices';
import { showFieldErrors } from '../../api/form-errors';
import { useCurrentUser } from '../../app/current-user';
import { adminKeys } from '../queries/keys';
import { retryFailedMails, saveReminders, sendAnnouncement, useAudienceGroups, useNotices } from '../queries/notices';

function TallyTags({ tally }: { tally: MailTally }) {
  return (
    <Space size={4} data-testid="notice-tally">
      <Tag color="green">
        <FormattedMessage id="console.notices.sent" values={{ n: tally.sent }} />
      </Tag>
      <Tag color={tally.failed ? 'red' : undefined}>
        <FormattedMessage id="console.notices.failed" values={{ n: tally.failed }} />
      </Tag>
      <Tag color={tally.pending ? 'blue' : undefined}>
        <FormattedMessage id="console.notices.pending" values={{ n: tally.pending }} />
      </Tag>
    </Space>
  );
}

/** The organiser's reminders: each on or off, and how many hours before its phase ends it goes out. */
function RemindersCard({ settings, tally }: { settings: ReminderSettings; tally: Record<string, MailTally> }) {
  const intl = useIntl();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<ReminderSettings>();
  const [saving, setSaving] = useState(false);
  useEffect(() => form.setFieldsValue(settings), [form, settings]);
  const save = async (values: ReminderSettings) => {
    setSaving(true);
    try {
      qc.setQueryData(adminKeys.notices, await saveReminders(values));
      message.success(intl.formatMessage({ id: 'console.notices.saved' }));
    } catch (err) {
      showFieldErrors(form, err);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Card title={intl.formatMessage({ id: 'console.notices.reminders' })} style={{ marginBottom: 16 }}>
      <Form form={form} layout="vertical" onFinish={save} initialValues={settings}>
        {REMINDER_KINDS.map((kind) => (
          <div key={kind} data-testid={`reminder-${kind}`} style={{ marginBottom: 12 }}>
            <Typography.Text strong>{intl.formatMessage({ id: `console.notices.reminder.${kind}` })}</Typography.Text>
            <Typography.Paragraph type="secondary" style={{ marginBottom: 4 }}>
              {intl.formatMessage({ id: `console.notices.reminder.${kind}.hint` })}
            </Typography.Paragraph>
            <Space wrap>
              <Form.Item name={[kind, 'enabled']} valuePropName="checked" noStyle>
                <Switch aria-label={intl.formatMessage({ id: `console.notices.reminder.${kind}` })} />
              </Form.Item>
              <Form.Item name={[kind, 'hours']} noStyle rules={[{ required: true }]}>
                <InputNumber
                  min={1}
                  max={REMINDER_HOURS_MAX}
                  aria-label={`${intl.formatMessage({ id: `console.notices.reminder.${kind}` })}: ${intl.formatMessage({ id: 'console.notices.hoursBefore' })}`}
                  addonAfter={intl.formatMessage({ id: 'console.notices.hoursBefore' })}
                />
              </Form.Item>
              <TallyTags tally={tally[kind] ?? { sent: 0, failed: 0, pending: 0 }} />
            </Space>
          </div>
        ))}
        <Button type="primary" htmlType="submit" loading={saving}>
          <FormattedMessage id="console.notices.saveReminders" />
        </Button>
      </Form>
    </Card>
  );
}

type ComposeValues = { kind: AudienceKind; group?: string; i18n: Record<Locale, MailLocaleText> };

/** An announcement: the audience, then a subject and text per locale (zh-CN required, the others fall back to it). */
function ComposerCard() {
  const intl = useIntl();
  const f = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { message } = App.useApp();
  const qc = useQueryClient();
  const groups = useAudienceGroups();
  const [form] = Form.useForm<ComposeValues>();
  const kind = Form.useWatch('kind', form);
  const [sending, setSending] = useState(false);
  const empty = Object.fromEntries(SUPPORTED_LOCALES.map((l) => [l, { subject: '', body: '' }])) as ComposeValues['i18n'];
  const send = async (values: ComposeValues) => {
    setSending(true);
    try {
      const audience: Audience = values.kind === 'group' ? { kind: 'group', group: values.group } : { kind: values.kind };
      const { queued } = await sendAnnouncement(audience, { ...empty, ...values.i18n });
      message.success(f('console.notices.queued', { n: queued }));
      form.resetFields();
      await qc.invalidateQueries({ queryKey: adminKeys.notices });
    } catch (err) {
      showFieldErrors(form, err);
    } finally {
      setSending(false);
    }
  };
  return (
    <Card title={f('console.notices.compose')} style={{ marginBottom: 16 }}>
      <Form form={form} layout="vertical" onFinish={send} initialValues={{ kind: 'entrants', i18n: empty }}>
        <Space wrap align="start">
          <Form.Item name="kind" label={f('console.notices.audience')}>
            <Select
              style={{ minWidth: 220 }}
              data-testid="notice-audience"
              options={AUDIENCE_KINDS.map((k) => ({ value: k, label: f(`console.notices.audience.${k}`) }))}
            />
          </Form.Item>
          {kind === 'group' && (
            <Form.Item name="group" label={f('console.notices.group')} rules={[{ required: true, message: f('console.notices.groupRequired') }]}>
              <Select style={{ minWidth: 180 }} data-testid="notice-group" options={(groups.data ?? []).map((g) => ({ value: g.key, label: g.name }))} />
            </Form.Item>
          )}
        </Space>
        <Typography.Paragraph type="secondary">{f('console.notices.localeHint', { site: '{{site}}', organiser: '{{organiser}}' })}</Typography.Paragraph>
        <Tabs
          items={SUPPORTED_LOCALES.map((l) => ({
            key: l,
            label: LOCALE_LABELS[l],
            forceRender: true,
            children: (
              <>
                <Form.Item name={['i18n', l, 'subject']} label={f('console.notices.subject')}>
                  <Input maxLength={200} data-testid={`notice-subject-${l}`} />
                </Form.Item>
                <Form.Item name={['i18n', l, 'body']} label={f('console.notices.body')}>
                  <Input.TextArea rows={6} maxLength={10_000} data-testid={`notice-body-${l}`} />
                </Form.Item>
              </>
            ),
          }))}
        />
        <Button type="primary" htmlType="submit" loading={sending} data-testid="notice-send">
          <FormattedMessage id="console.notices.send" />
        </Button>
      </Form>
    </Card>
  );
}

/** Sends every failed mail again with a fresh set of tries (after the mail server is fixed). */
function RetryFailedButton({ count }: { count: number }) {
  const intl = useIntl();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const retry = async () => {
    setBusy(true);
    try {
      const { reopened, state } = await retryFailedMails();
      qc.setQueryData(adminKeys.notices, state);
      message.success(intl.formatMessage({ id: 'console.notices.retried' }, { n: reopened }));
    } catch {
      // the request layer has shown the error
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button onClick={retry} loading={busy} disabled={count === 0} data-testid="notice-retry-failed">
      <FormattedMessage id="console.notices.retryFailed" values={{ n: count }} />
    </Button>
  );
}

/** Reminders, announcements and the mails that could not be delivered after their tries. */
export function NoticesPage() {
  const intl = useIntl();
  const f = (id: string) => intl.formatMessage({ id });
  const { access } = useCurrentUser();
  const notices = useNotices();
  const data = notices.data;
  const noticeName = (notice: string) => {
    if (notice === 'results') return f('console.notices.kind.results');
    if ((REMINDER_KINDS as readonly string[]).includes(notice)) return f(`console.notices.reminder.${notice}`);
    return `${f('console.notices.kind.announcement')} #${notice.split(':')[1] ?? ''}`;
  };
  return (
    <div>
      <Typography.Title level={1} style={{ fontSize: 20, marginTop: 0 }}>
        {f('console.notices.title')}
      </Typography.Title>
      {data && access.consoleOrganiser && <RemindersCard settings={data.reminders} tally={data.reminderTally} />}
      <ComposerCard />
      <Card title={f('console.notices.announcements')} style={{ marginBottom: 16 }}>
        <Table
          rowKey="id"
          size="small"
          loading={notices.isLoading}
          dataSource={data?.announcements ?? []}
          pagination={false}
          columns={[
            { title: '#', dataIndex: 'id', width: 60 },
            { title: f('console.notices.subject'), dataIndex: 'subject' },
            {
              title: f('console.notices.audience'),
              render: (_, a) => `${f(`console.notices.audience.${a.audience.kind}`)}${a.audience.group ? ` · ${a.audience.group}` : ''}`,
            },
            { title: f('console.notices.createdAt'), dataIndex: 'createdAt', render: (v: string) => new Date(v).toLocaleString() },
            { title: f('console.notices.progress'), render: (_, a) => <TallyTags tally={a.tally} /> },
          ]}
        />
      </Card>
      <Card title={f('console.notices.failures')} extra={<RetryFailedButton count={data?.failures.length ?? 0} />}>
        <Typography.Paragraph type="secondary">{f('console.notices.failuresHint')}</Typography.Paragraph>
        <Table<MailFailure>
          rowKey={(r) => `${r.notice} ${r.email}`}
          size="small"
          data-testid="notice-failures"
          loading={notices.isLoading}
          dataSource={data?.failures ?? []}
          pagination={{ pageSize: 20 }}
          columns={[
            { title: f('console.notices.notice'), dataIndex: 'notice', render: noticeName },
            { title: f('console.notices.email'), dataIndex: 'email' },
            { title: f('console.notices.attempts'), dataIndex: 'attempts', width: 80 },
            { title: f('console.notices.error'), dataIndex: 'error' },
            { title: f('console.notices.failedAt'), dataIndex: 'failedAt', render: (v: string) => new Date(v).toLocaleString() },
          ]}
        />
      </Card>
    </div>
  );
}
