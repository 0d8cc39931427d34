import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Select, Skeleton, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { PAGE_SLUGS, type PageSlug } from '../../../../common/constants';
import { adminGet, adminSend } from '../api';
import type { FieldDef } from '../content-fields';
import { LocaleTexts, textsFromForm, textsToForm, useConvertedFields } from '../LocaleTexts';

type EditablePage = { slug: PageSlug; i18n: Record<string, Record<string, unknown>>; extra: Record<string, string> };
const FIELDS: FieldDef[] = [
  { name: 'title', label: 'console.field.title' },
  { name: 'body', label: 'console.field.body', type: 'rich' },
];
const ROUTE_TITLES: Record<PageSlug, string> = { eventDetails: 'route.eventDetails', aboutUs: 'route.aboutUs', specialThanks: 'route.specialThanks' };

/** The organiser-written pages (contest details, about us, special thanks) in three languages. */
export function EditablePagesPage() {
  const intl = useIntl();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [slug, setSlug] = useState<PageSlug>('eventDetails');
  const [form] = Form.useForm();
  const { converted, load: loadConverted, onValuesChange } = useConvertedFields();
  const { data } = useQuery({ queryKey: ['admin', 'page', slug], queryFn: ({ signal }) => adminGet<EditablePage>(`/api/admin/pages/${slug}`, signal) });

  useEffect(() => {
    if (!data) return;
    loadConverted(data.i18n);
    form.resetFields();
    form.setFieldsValue({ i18n: textsToForm(data.i18n, FIELDS) });
  }, [data, form, loadConverted]);

  const save = async (values: { i18n: Record<string, Record<string, unknown>> }) => {
    const body = { i18n: textsFromForm(values.i18n, FIELDS, converted), extra: data?.extra ?? {} };
    if (await adminSend('PUT', `/api/admin/pages/${slug}`, body).catch(() => null)) void message.success(intl.formatMessage({ id: 'console.content.saved' }));
    await qc.invalidateQueries({ queryKey: ['admin', 'page', slug] });
  };

  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 20, marginTop: 0 }}>
        <FormattedMessage id="console.menu.pages" />
      </Typography.Title>
      <div className="console-toolbar">
        <Select
          aria-label={intl.formatMessage({ id: 'console.menu.pages' })}
          value={slug}
          style={{ width: 200 }}
          onChange={setSlug}
          options={PAGE_SLUGS.map((s) => ({ value: s, label: intl.formatMessage({ id: ROUTE_TITLES[s] }) }))}
        />
        <Button type="primary" onClick={() => form.submit()}>
          <FormattedMessage id="console.content.save" />
        </Button>
      </div>
      {!data ? (
        <Skeleton active />
      ) : (
        <Form form={form} layout="vertical" onFinish={(v) => void save(v)} onValuesChange={onValuesChange}>
          <LocaleTexts fields={FIELDS} converted={converted} form={form} />
        </Form>
      )}
    </>
  );
}
