import { Alert, Button, Form, Input, Skeleton, Tabs } from 'antd';
import { lazy, Suspense, useCallback, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { missingLocales } from '../../../common/console/missing-locales';
import { LOCALE_LABELS, SUPPORTED_LOCALES } from '../../../common/locales';
import type { FieldDef } from './content-fields';
import { MissingLocaleMark } from './MissingLocales';
import { previewRichText } from './queries/content';

// TipTap and ProseMirror load with the first rich field shown, never with the console's shell or the public site.
const RichTextEditor = lazy(() => import('./rich-editor/RichTextEditor'));

/** A rich field of the form: the editor once loaded; Form.Item hands value and onChange through. */
function RichField(props: { id?: string; value?: string; onChange?: (html: string) => void; label: string }) {
  const intl = useIntl();
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 4 }} title={false} aria-label={intl.formatMessage({ id: 'console.editor.loading' })} />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}

/** Preview of a rich field: the server's sanitiser runs first, so this is what visitors will get. */
function RichPreview({ html }: { html: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML comes back from the server's sanitiser
  return <div className="console-preview rich-text" dangerouslySetInnerHTML={{ __html: html }} />;
}

/**
 * The texts of an item in zh-CN, zh-TW and en-US, one tab each. `converted` lists zh-TW fields that
 * OpenCC filled; the editor shows a note and the caller drops a field from the list once it is typed in.
 */
export function LocaleTexts({ fields, converted, form }: { fields: FieldDef[]; converted: string[]; form: ReturnType<typeof Form.useForm>[0] }) {
  const intl = useIntl();
  const f = (id: string) => intl.formatMessage({ id });
  const [preview, setPreview] = useState<Record<string, string>>({});
  // The tabs of locales that lack a text another locale has, as the organiser types.
  const texts = Form.useWatch('i18n', form) as Record<string, Record<string, unknown>> | undefined;
  const missing = missingLocales(
    texts ?? {},
    fields.map((field) => field.name),
  );

  const showPreview = async (locale: string, field: string) => {
    const html = String(form.getFieldValue(['i18n', locale, field]) ?? '');
    const r = await previewRichText(html).catch(() => null);
    if (r) setPreview({ ...preview, [`${locale}.${field}`]: r.html });
  };

  return (
    <Tabs
      items={SUPPORTED_LOCALES.map((locale) => ({
        key: locale,
        label: (
          <span className="locale-tab">
            {LOCALE_LABELS[locale]}
            {missing.includes(locale) && <MissingLocaleMark />}
          </span>
        ),
        forceRender: true,
        children: (
          <>
            {locale === 'zh-TW' && (
              <Alert
                type="info"
                showIcon
                style={{ marginBottom: 12 }}
                title={converted.length > 0 ? f('console.content.converted') : f('console.content.twHint')}
              />
            )}
            {fields.map((field) => {
              const name = ['i18n', locale, field.name];
              const label = f(field.label);
              const required = locale === 'zh-CN' && fields[0]?.name === field.name;
              return (
                <div key={field.name}>
                  <Form.Item name={name} label={label} rules={required ? [{ required: true, whitespace: true }] : []}>
                    {field.type === 'rich' ? (
                      <RichField label={label} />
                    ) : field.type === 'lines' ? (
                      <Input.TextArea rows={4} />
                    ) : field.type === 'textarea' ? (
                      <Input.TextArea rows={3} />
                    ) : (
                      <Input />
                    )}
                  </Form.Item>
                  {field.type === 'rich' && (
                    <Form.Item>
                      <Button size="small" onClick={() => void showPreview(locale, field.name)}>
                        <FormattedMessage id="console.content.preview" />
                      </Button>
                      {preview[`${locale}.${field.name}`] !== undefined && <RichPreview html={preview[`${locale}.${field.name}`] ?? ''} />}
                    </Form.Item>
                  )}
                </div>
              );
            })}
          </>
        ),
      }))}
    />
  );
}

type Texts = Record<string, unknown>;

/**
 * The `converted` list of an editor with LocaleTexts: `load` reads it from the stored texts (zh-TW `_converted`),
 * and the form's `onValuesChange` drops a zh-TW field from it once the organiser types in that field.
 */
export function useConvertedFields() {
  const [converted, setConverted] = useState<string[]>([]);
  const load = useCallback((i18n: Record<string, Texts | undefined>) => {
    const list = i18n['zh-TW']?._converted;
    setConverted(Array.isArray(list) ? (list as string[]) : []);
  }, []);
  const onValuesChange = useCallback((changed: { i18n?: Record<string, Texts | undefined> }) => {
    const tw = changed.i18n?.['zh-TW'];
    if (tw) setConverted((list) => list.filter((name) => !(name in tw)));
  }, []);
  return { converted, load, onValuesChange };
}

/** Achievements are a list on the server and one line each in the editor. */
export function textsToForm(i18n: Record<string, Texts>, fields: FieldDef[]): Record<string, Texts> {
  const out: Record<string, Texts> = {};
  for (const locale of SUPPORTED_LOCALES) {
    const t = { ...(i18n[locale] ?? {}) };
    for (const field of fields) if (field.type === 'lines' && Array.isArray(t[field.name])) t[field.name] = (t[field.name] as string[]).join('\n');
    delete t._converted;
    out[locale] = t;
  }
  return out;
}

export function textsFromForm(i18n: Record<string, Texts | undefined>, fields: FieldDef[], converted: string[]): Record<string, Texts> {
  const out: Record<string, Texts> = {};
  for (const locale of SUPPORTED_LOCALES) {
    const t: Texts = {};
    for (const field of fields) {
      const v = i18n[locale]?.[field.name];
      if (field.type === 'lines') {
        const lines = String(v ?? '')
          .split('\n')
          .map((l) => l.trim())
          .filter(Boolean);
        if (lines.length) t[field.name] = lines;
      } else if (typeof v === 'string' && v.trim() !== '') t[field.name] = v;
    }
    if (locale === 'zh-TW' && converted.length > 0) t._converted = converted;
    out[locale] = t;
  }
  return out;
}
