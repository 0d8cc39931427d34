import { useQueryClient } from '@tanstack/react-query';
import { App, Card, Form, Input, Progress, Select, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Code } from '../../../../../common/errors';
import type { JurorSummary } from '../../../../../common/jury/api-types';
import { LOCALE_LABELS, type Locale, SUPPORTED_LOCALES } from '../../../../../common/locales';
import { showFieldErrors } from '../../../api/form-errors';
import { useGroupNames } from '../../../components/entry-form/use-group-names';
import { errorText } from '../../../i18n/error-text';
import { inviteJuror, useJurors, useJuryMembers } from '../../queries/jury';
import { adminKeys } from '../../queries/keys';
import { SubmitButton } from '../../SubmitButton';

type InviteValues = { email: string; locale: Locale; group: string; juryMemberId: number | null };
const ALL = 'all';

/** Invite a juror (e-mailed link), link them to a member of the public jury page, and follow everyone's progress. */
export function JurorsTab() {
  const intl = useIntl();
  const f = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<InviteValues>();
  const [busy, setBusy] = useState(false);
  const jurors = useJurors();
  const members = useJuryMembers();
  const { groups, nameOf } = useGroupNames();
  const groupOptions = [{ value: ALL, label: f('jury.group.all') }, ...groups.map((g) => ({ value: g.key, label: g.name }))];

  const invite = async (v: InviteValues) => {
    setBusy(true);
    const body = { ...v, group: v.group === ALL ? null : v.group, juryMemberId: v.juryMemberId ?? null };
    const list = await inviteJuror(body).catch((err: unknown) => {
      showFieldErrors(form, err);
      return null;
    });
    setBusy(false);
    if (!list) return;
    void message.success(f('jury.jurors.invited', { email: v.email }));
    form.resetFields(['email', 'juryMemberId']);
    qc.setQueryData(adminKeys.jury.jurors, list);
  };

  return (
    <>
      <Card size="small" title={f('jury.jurors.invite')} style={{ marginBottom: 16 }}>
        <Form
          form={form}
          name="invite"
          layout="inline"
          onFinish={(v) => void invite(v)}
          initialValues={{ locale: intl.locale, group: ALL }}
          className="jury-invite-form"
        >
          <Form.Item name="email" label={f('jury.jurors.email')} rules={[{ required: true, type: 'email', message: errorText(Code.EmailFormat) }]}>
            <Input type="email" autoComplete="off" style={{ width: 240 }} />
          </Form.Item>
          <Form.Item name="locale" label={f('jury.jurors.locale')}>
            <Select style={{ width: 120 }} options={SUPPORTED_LOCALES.map((l) => ({ value: l, label: LOCALE_LABELS[l] }))} />
          </Form.Item>
          <Form.Item name="group" label={f('jury.jurors.group')}>
            <Select style={{ width: 140 }} options={groupOptions} />
          </Form.Item>
          <Form.Item name="juryMemberId" label={f('jury.jurors.member')}>
            <Select allowClear style={{ width: 180 }} options={(members.data ?? []).map((m) => ({ value: m.id, label: m.name }))} />
          </Form.Item>
          <SubmitButton labelKey="jury.jurors.send" loading={busy} />
        </Form>
      </Card>
      <Table<JurorSummary>
        rowKey="userId"
        size="small"
        loading={jurors.isFetching}
        dataSource={jurors.data ?? []}
        pagination={false}
        scroll={{ x: 760 }}
        columns={[
          { title: f('jury.jurors.email'), dataIndex: 'email' },
          { title: f('jury.jurors.member'), dataIndex: 'juryMemberName', render: (v: string | null) => v ?? '—' },
          { title: f('jury.jurors.group'), dataIndex: 'group', render: (g: string | null) => (g ? nameOf(g) : f('jury.group.all')) },
          {
            title: f('jury.jurors.status'),
            render: (_: unknown, j) =>
              j.disabled ? (
                <Tag>{f('jury.jurors.disabled')}</Tag>
              ) : j.acceptedAt ? (
                <Tag color="green">{f('jury.jurors.accepted')}</Tag>
              ) : (
                <Tag color="gold">{f('jury.jurors.pending')}</Tag>
              ),
          },
          {
            title: f('jury.jurors.progress'),
            render: (_: unknown, j) => {
              const total = j.progress.assigned - j.progress.recused;
              return (
                <div style={{ minWidth: 180 }}>
                  <Progress
                    size="small"
                    percent={total > 0 ? Math.round((100 * j.progress.scored) / total) : 0}
                    aria-label={f('jury.judging.progress', { scored: j.progress.scored, total, recused: j.progress.recused })}
                  />
                  <Typography.Text className="jury-muted" style={{ fontSize: 12 }}>
                    <FormattedMessage id="jury.judging.progress" values={{ scored: j.progress.scored, total, recused: j.progress.recused }} />
                  </Typography.Text>
                </div>
              );
            },
          },
        ]}
      />
    </>
  );
}
