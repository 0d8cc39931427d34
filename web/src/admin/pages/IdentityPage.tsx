import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Form, Input, Skeleton, Typography } from 'antd';
import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { SOCIAL_LINKS } from '../../../../common/identity';
import type { AdminIdentity } from '../../../../common/schemas/identity';
import { showFieldErrors } from '../../api/form-errors';
import type { FieldDef } from '../content-fields';
import { ImageUrlInput } from '../ImageUrlInput';
import { LocaleTexts, textsFromForm, textsToForm, useConvertedFields } from '../LocaleTexts';
import { adminKeys } from '../queries/keys';
import { saveIdentity, useIdentity } from '../queries/settings';
import { SubmitButton } from '../SubmitButton';
import { urlRule } from '../url-rule';

const FIELDS: FieldDef[] = [
  { name: 'siteName', label: 'console.identity.siteName' },
  { name: 'organiser', label: 'console.identity.organiser' },
  { name: 'heroTitle', label: 'console.identity.heroTitle' },
  { name: 'heroSubtitle', label: 'console.identity.heroSubtitle', type: 'textarea' },
  { name: 'footerText', label: 'console.identity.footerText', type: 'textarea' },
];

type FormValues = Omit<AdminIdentity, 'updatedAt' | 'i18n'> & { i18n: Record<string, Record<string, unknown>> };

/** What the typed colour looks like, once it is one. */
function ColourSwatch({ colour }: { colour: string | undefined }) {
  const valid = /^#[0-9a-fA-F]{6}$/.test(colour ?? '');
  return <span aria-hidden="true" className="console-colour-swatch" style={{ background: valid ? colour : 'transparent' }} />;
}

const section = (id: string) => (
  <Typography.Title level={2} style={{ fontSize: 16, marginTop: 24 }}>
    <FormattedMessage id={id} />
  </Typography.Title>
);

/** Who runs the contest: its name, organiser, hero, footer, contact, social accounts and filing numbers (one settings row). */
export function IdentityPage() {
  const intl = useIntl();
  const f = (id: string) => intl.formatMessage({ id });
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm();
  const { converted, load: loadConverted, onValuesChange } = useConvertedFields();
  const { data } = useIdentity();

  useEffect(() => {
    if (!data) return;
    loadConverted(data.i18n);
    form.resetFields();
    form.setFieldsValue({ ...data, i18n: textsToForm(data.i18n, FIELDS) });
  }, [data, form, loadConverted]);

  const save = async (v: FormValues) => {
    const body = { ...v, i18n: textsFromForm(v.i18n, FIELDS, converted) };
    const saved = await saveIdentity(body).catch((err: unknown) => {
      showFieldErrors(form, err);
      return null;
    });
    if (saved) void message.success(f('console.identity.saved'));
    await qc.invalidateQueries({ queryKey: adminKeys.identity });
  };

  const colour = Form.useWatch('primaryColor', form);
  if (!data) return <Skeleton active />;
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 20, marginTop: 0 }}>
        <FormattedMessage id="console.identity.title" />
      </Typography.Title>
      <Alert type="info" showIcon style={{ marginBottom: 16, maxWidth: 720 }} title={f('console.identity.intro')} />
      <Form form={form} layout="vertical" onFinish={(v: FormValues) => void save(v)} onValuesChange={onValuesChange} style={{ maxWidth: 720 }}>
        {section('console.identity.texts')}
        <LocaleTexts fields={FIELDS} converted={converted} form={form} />

        {section('console.identity.images')}
        <Form.Item name="logoUrl" label={f('console.identity.logo')} rules={[urlRule]}>
          <ImageUrlInput purpose="siteLogo" />
        </Form.Item>
        <Form.Item name="heroImageUrl" label={f('console.identity.heroImage')} rules={[urlRule]}>
          <ImageUrlInput purpose="heroImage" />
        </Form.Item>
        <Form.Item name="primaryColor" label={f('console.identity.primaryColor')} extra={f('console.identity.primaryColorHint')}>
          <Input maxLength={7} prefix={<ColourSwatch colour={colour} />} />
        </Form.Item>

        {section('console.identity.contact')}
        <Form.Item name="contactEmail" label={f('console.identity.contactEmail')}>
          <Input type="email" autoComplete="off" />
        </Form.Item>
        <Form.Item name="contactPhone" label={f('console.identity.contactPhone')}>
          <Input type="tel" autoComplete="off" />
        </Form.Item>
        <Form.Item name="wechatQrUrl" label={f('console.identity.wechatQr')} rules={[urlRule]}>
          <ImageUrlInput purpose="wechatQr" />
        </Form.Item>
        <Form.Item name="wechatAccount" label={f('console.identity.wechatAccount')}>
          <Input />
        </Form.Item>

        {section('console.identity.social')}
        {SOCIAL_LINKS.map((key) => (
          <Form.Item key={key} name={['social', key]} label={f(`social.${key}`)} rules={[urlRule]}>
            <Input />
          </Form.Item>
        ))}

        {section('console.identity.filing')}
        <Form.Item name="icpNumber" label={f('console.identity.icpNumber')} extra={f('console.identity.icpHint')}>
          <Input />
        </Form.Item>
        <Form.Item name="psbNumber" label={f('console.identity.psbNumber')} extra={f('console.identity.psbHint')}>
          <Input />
        </Form.Item>

        <SubmitButton labelKey="console.content.save" />
      </Form>
    </>
  );
}
