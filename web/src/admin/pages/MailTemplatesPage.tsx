import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Input, Popconfirm, Space, Table, Tabs, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { LOCALE_LABELS, type Locale, SUPPORTED_LOCALES } from '../../../../common/locales';
import { type AdminMailTemplate, MAIL_KINDS, type MailKind, type MailLocaleText, type MailPreview } from '../../../../common/mail-templates';
import { showFieldErrors } from '../../api/form-errors';
import { adminKeys } from '../queries/keys';
import { previewMail, resetMailTemplate, saveMailTemplate, sendTestMail, useMailTemplate, useMailTemplates } from '../queries/mail';
import { SubmitButton } from '../SubmitButton';

type FormValues = { i18n: Record<Locale, MailLocaleText> };

const isKind = (k: string | undefined): k is MailKind => (MAIL_KINDS as readonly string[]).includes(k ?? '');
const brace = (name: string) => `{{${name}}}`;

/** The form starts from the organiser's texts, else the defaults; zh-TW starts empty so saving converts zh-CN. */
function formTexts(t: AdminMailTemplate): FormValues['i18n'] {
  const text = (l: Locale, field: keyof MailLocaleText) => t.i18n?.[l][field] || (l === 'zh-TW' ? '' : t.defaults[l][field]);
  return Object.fromEntries(SUPPORTED_LOCALES.map((l) => [l, { subject: text(l, 'subject'), body: text(l, 'body') }])) as FormValues['i18n'];
}

/** The mail's body without the document around it, to show inside the console's page. */
function mailBody(html: string): string {
  return /<body[^>]*>([\s\S]*)<\/body>/i.exec(html)?.[1] ?? html;
}

function MailPreviewCard({ preview }: { preview: MailPreview }) {
  const intl = useIntl();
  const f = (id: string) => intl.formatMessage({ id });
  return (
    <Card size="small" title={f('console.mailTemplates.preview')} style={{ marginTop: 16 }}>
      <Typography.Paragraph>
        <Typography.Text strong>{f('console.mailTemplates.previewSubject')}: </Typography.Text>
        <span data-testid="mail-preview-subject">{preview.subject}</span>
      </Typography.Paragraph>
      <Typography.Text strong>{f('console.mailTemplates.previewHtml')}</Typography.Text>
      {/* The server's rendering, in which every text and value is escaped: the mail as its reader sees it. */}
      <div
        className="console-mail-preview"
        style={{ border: '1px solid #d9d9d9', borderRadius: 6, margin: '8px 0 16px', overflow: 'auto' }}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: built by the server's mail renderer, which escapes every text it holds
        dangerouslySetInnerHTML={{ __html: mailBody(preview.html) }}
      />
      <Typography.Text strong>{f('console.mailTemplates.previewText')}</Typography.Text>
      <pre data-testid="mail-preview-text" style={{ whiteSpace: 'pre-wrap', background: '#f5f5f5', padding: 12, borderRadius: 6 }}>
        {preview.text}
      </pre>
    </Card>
  );
}

/** One kind's editor: subject and text per locale, its placeholders, a preview, a test send and a reset. */
function MailTemplateEditor({ kind }: { kind: MailKind }) {
  const intl = useIntl();
  const f = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<FormValues>();
  const [locale, setLocale] = useState<Locale>('zh-CN');
  const [preview, setPreview] = useState<MailPreview | null>(null);
  const { data } = useMailTemplate(kind);

  useEffect(() => {
    if (!data) return;
    form.resetFields();
    form.setFieldsValue({ i18n: formTexts(data) });
  }, [data, form]);

  const refresh = () => qc.invalidateQueries({ queryKey: adminKeys.mailTemplates });
  const current = () => ({ locale, ...(form.getFieldValue(['i18n', locale]) as MailLocaleText) });
  /** A refusal of the current tab's text shows under its field (the request layer has shown any other). */
  const onCurrent = (err: unknown) => {
    showFieldErrors(form, err);
    return null;
  };

  const save = async (v: FormValues) => {
    const saved = await saveMailTemplate(kind, v).catch((err: unknown) => {
      showFieldErrors(form, err);
      return null;
    });
    if (saved) void message.success(f('console.mailTemplates.saved'));
    await refresh();
  };
  const showPreview = async () => {
    const p = await previewMail(kind, current()).catch(onCurrent);
    if (p) setPreview(p);
  };
  const testSend = async () => {
    const r = await sendTestMail(kind, current()).catch(onCurrent);
    if (r) void message.success(f('console.mailTemplates.testSent', { email: r.to }));
  };
  const reset = async () => {
    const r = await resetMailTemplate(kind).catch(() => null);
    if (r) void message.success(f('console.mailTemplates.resetDone'));
    setPreview(null);
    await refresh();
  };

  return (
    <>
      <Typography.Paragraph>
        <Link to="/mail-templates">{f('console.mailTemplates.back')}</Link>
      </Typography.Paragraph>
      <Typography.Title level={1} style={{ fontSize: 20, marginTop: 0 }}>
        <FormattedMessage id={`mail.kind.${kind}`} />
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        <FormattedMessage id={`mail.kind.${kind}.hint`} />
      </Typography.Paragraph>
      <Card size="small" title={f('console.mailTemplates.placeholders')} style={{ marginBottom: 16, maxWidth: 820 }}>
        <Typography.Paragraph type="secondary">{f('console.mailTemplates.placeholdersHint')}</Typography.Paragraph>
        <dl className="console-mail-placeholders">
          {(data?.placeholders ?? []).map((name) => (
            <div key={name} style={{ display: 'flex', gap: 12, marginBottom: 4 }}>
              <dt>
                <Typography.Text code>{brace(name)}</Typography.Text>
              </dt>
              <dd style={{ margin: 0 }}>{f(`mail.placeholder.${name}`)}</dd>
            </div>
          ))}
        </dl>
      </Card>
      <Form form={form} layout="vertical" onFinish={(v) => void save(v)} style={{ maxWidth: 820 }}>
        <Tabs
          activeKey={locale}
          onChange={(k) => setLocale(k as Locale)}
          items={SUPPORTED_LOCALES.map((l) => ({
            key: l,
            label: LOCALE_LABELS[l],
            forceRender: true,
            children: (
              <>
                {l === 'zh-TW' && (
                  <Alert
                    type="info"
                    showIcon
                    style={{ marginBottom: 12 }}
                    title={data?.i18n?.converted ? f('console.mailTemplates.converted') : f('console.mailTemplates.twHint')}
                  />
                )}
                <Form.Item name={['i18n', l, 'subject']} label={f('console.mailTemplates.subject')}>
                  <Input placeholder={data?.defaults[l].subject} />
                </Form.Item>
                <Form.Item name={['i18n', l, 'body']} label={f('console.mailTemplates.body')} extra={f('console.mailTemplates.emptyHint')}>
                  <Input.TextArea rows={10} placeholder={data?.defaults[l].body} />
                </Form.Item>
              </>
            ),
          }))}
        />
        <Space wrap>
          <SubmitButton labelKey="console.content.save" />
          <Button onClick={() => void showPreview()}>{f('console.mailTemplates.preview')}</Button>
          <Button onClick={() => void testSend()}>{f('console.mailTemplates.testSend')}</Button>
          <Popconfirm title={f('console.mailTemplates.resetConfirm')} onConfirm={() => void reset()}>
            <Button danger>{f('console.mailTemplates.reset')}</Button>
          </Popconfirm>
        </Space>
      </Form>
      {preview && <MailPreviewCard preview={preview} />}
    </>
  );
}

/** Every mail the site sends, each editable by the organiser: the list, or one kind's editor (/mail-templates/:kind). */
export function MailTemplatesPage() {
  const { kind } = useParams();
  const intl = useIntl();
  const f = (id: string) => intl.formatMessage({ id });
  const { data, isFetching } = useMailTemplates(!kind);
  if (isKind(kind)) return <MailTemplateEditor kind={kind} />;
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 20, marginTop: 0 }}>
        <FormattedMessage id="console.mailTemplates.title" />
      </Typography.Title>
      <Alert type="info" showIcon style={{ marginBottom: 16, maxWidth: 820 }} title={f('console.mailTemplates.intro')} />
      <Table<AdminMailTemplate>
        rowKey="kind"
        size="small"
        loading={isFetching}
        dataSource={data ?? []}
        pagination={false}
        scroll={{ x: 700 }}
        columns={[
          {
            title: f('console.mailTemplates.kind'),
            key: 'kind',
            render: (_, r) => (
              <>
                <div>{f(`mail.kind.${r.kind}`)}</div>
                <Typography.Text type="secondary">{f(`mail.kind.${r.kind}.hint`)}</Typography.Text>
              </>
            ),
          },
          {
            title: f('console.mailTemplates.state'),
            key: 'state',
            width: 140,
            render: (_, r) => (r.i18n ? <Tag color="blue">{f('console.mailTemplates.customised')}</Tag> : <Tag>{f('console.mailTemplates.default')}</Tag>),
          },
          {
            title: f('console.mailTemplates.updatedAt'),
            key: 'updatedAt',
            width: 180,
            render: (_, r) => (r.updatedAt ? intl.formatDate(r.updatedAt, { dateStyle: 'medium', timeStyle: 'short' }) : ''),
          },
          {
            title: '',
            key: 'edit',
            width: 100,
            render: (_, r) => (
              <Link to={`/mail-templates/${r.kind}`} aria-label={`${f('console.mailTemplates.edit')} ${f(`mail.kind.${r.kind}`)}`}>
                {f('console.mailTemplates.edit')}
              </Link>
            ),
          },
        ]}
      />
    </>
  );
}
