import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Select, Skeleton, Space, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { EditablePage } from '../../../../common/console/api-types';
import { missingLocales } from '../../../../common/console/missing-locales';
import { PAGE_SLUGS, type PageSlug } from '../../../../common/constants';
import type { FieldDef } from '../content-fields';
import { LocaleTexts, textsFromForm, textsToForm, useConvertedFields } from '../LocaleTexts';
import { MissingLocaleTags } from '../MissingLocales';
import { publishPage, savePage, useAllPages, usePage } from '../queries/content';
import { adminKeys } from '../queries/keys';

const FIELDS: FieldDef[] = [
  { name: 'title', label: 'console.field.title' },
  { name: 'body', label: 'console.field.body', type: 'rich' },
];
const FIELD_NAMES = FIELDS.map((field) => field.name);
const ROUTE_TITLES: Record<PageSlug, string> = {
  eventDetails: 'route.eventDetails',
  aboutUs: 'route.aboutUs',
  specialThanks: 'route.specialThanks',
  privacy: 'route.privacy',
};

/** Where the status line stands: never saved, a saved draft, or live. */
function PageStatus({ page }: { page: EditablePage }) {
  const intl = useIntl();
  if (page.published && page.publishedAt) {
    return (
      <Alert
        type="success"
        showIcon
        title={intl.formatMessage(
          { id: 'console.pages.livePublished' },
          { time: intl.formatDate(page.publishedAt, { dateStyle: 'medium', timeStyle: 'short' }) },
        )}
      />
    );
  }
  return <Alert type="info" showIcon title={intl.formatMessage({ id: page.updatedAt ? 'console.pages.draftHint' : 'console.pages.unwritten' })} />;
}

/**
 * The organiser-written pages (contest details, about us, special thanks, privacy notice) in three languages. A page nobody has
 * written yet opens empty; saving keeps it a draft, publishing saves and then shows it to visitors.
 */
export function EditablePagesPage() {
  const intl = useIntl();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [slug, setSlug] = useState<PageSlug>('eventDetails');
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm();
  const { converted, load: loadConverted, onValuesChange } = useConvertedFields();
  const { data } = usePage(slug);
  // Every page's texts, so the picker can say which pages lack a language.
  const { data: all } = useAllPages();
  const gaps = new Map((all ?? []).map((p) => [p.slug, missingLocales(p.i18n, FIELD_NAMES)]));

  useEffect(() => {
    if (!data) return;
    loadConverted(data.i18n);
    form.resetFields();
    form.setFieldsValue({ i18n: textsToForm(data.i18n, FIELDS) });
  }, [data, form, loadConverted]);

  const refresh = () => qc.invalidateQueries({ queryKey: adminKeys.pages });

  /** Saves the form's texts; null when the form or the server refused them (already shown). */
  const saveTexts = async (): Promise<EditablePage | null> => {
    const values = (await form.validateFields().catch(() => null)) as { i18n: Record<string, Record<string, unknown>> } | null;
    if (!values) return null;
    const body = { i18n: textsFromForm(values.i18n, FIELDS, converted), extra: data?.extra ?? {} };
    return savePage(slug, body).catch(() => null);
  };

  const run = async (action: () => Promise<string | null>) => {
    setBusy(true);
    try {
      const done = await action();
      if (done) void message.success(intl.formatMessage({ id: done }));
      await refresh();
    } finally {
      setBusy(false);
    }
  };

  const saveDraft = () => run(async () => ((await saveTexts()) ? 'console.content.saved' : null));
  const publish = () =>
    run(async () => {
      if (!(await saveTexts())) return null;
      const live = await publishPage(slug, true).catch(() => null);
      return live ? 'console.pages.nowPublished' : null;
    });
  const unpublish = () => run(async () => ((await publishPage(slug, false).catch(() => null)) ? 'console.pages.nowDraft' : null));

  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 20, marginTop: 0 }}>
        <FormattedMessage id="console.menu.pages" />
      </Typography.Title>
      <div className="console-toolbar">
        <Space wrap>
          <Select
            aria-label={intl.formatMessage({ id: 'console.menu.pages' })}
            value={slug}
            style={{ width: 200 }}
            onChange={setSlug}
            options={PAGE_SLUGS.map((s) => ({ value: s, label: intl.formatMessage({ id: ROUTE_TITLES[s] }) }))}
            optionRender={(option) => (
              <Space size={4} wrap>
                {option.label}
                <MissingLocaleTags locales={gaps.get(option.value as PageSlug) ?? []} />
              </Space>
            )}
          />
          {data && (
            <Tag color={data.published ? 'green' : undefined}>
              {intl.formatMessage({ id: data.published ? 'console.content.published' : 'console.content.draft' })}
            </Tag>
          )}
          {data && <MissingLocaleTags locales={missingLocales(data.i18n, FIELD_NAMES)} />}
        </Space>
        <Space wrap>
          {data?.published && (
            <Button href={`/${slug}`} target="_blank">
              <FormattedMessage id="console.content.view" />
            </Button>
          )}
          {data?.published && (
            <Button disabled={busy} onClick={() => void unpublish()}>
              <FormattedMessage id="console.content.unpublish" />
            </Button>
          )}
          <Button disabled={!data || busy} onClick={() => void saveDraft()}>
            <FormattedMessage id={data?.published ? 'console.content.save' : 'console.pages.saveDraft'} />
          </Button>
          {!data?.published && (
            <Button type="primary" disabled={!data || busy} onClick={() => void publish()}>
              <FormattedMessage id="console.content.publish" />
            </Button>
          )}
        </Space>
      </div>
      {!data ? (
        <Skeleton active />
      ) : (
        <>
          <div style={{ marginBottom: 16 }}>
            <PageStatus page={data} />
          </div>
          <Form form={form} layout="vertical" onFinish={() => void saveDraft()} onValuesChange={onValuesChange}>
            <LocaleTexts fields={FIELDS} converted={converted} form={form} />
          </Form>
        </>
      )}
    </>
  );
}
