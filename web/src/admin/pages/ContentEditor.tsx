import { App, Button, DatePicker, Drawer, Form, Input, InputNumber, Select } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { AdminContentRow } from '../../../../common/console/api-types';
import { showFieldErrors } from '../../api/form-errors';
import { KIND_DEFS, type KindName } from '../content-fields';
import { ExhibitionVideoInput } from '../ExhibitionVideoInput';
import { ImageUrlInput } from '../ImageUrlInput';
import { LocaleTexts, textsFromForm, textsToForm, useConvertedFields } from '../LocaleTexts';
import { saveContent } from '../queries/content';
import { urlRule } from '../url-rule';

/** Create or edit one item of a content kind; `row` null means a new item with `initial` values. */
export function ContentEditor({
  kind,
  row,
  initial,
  onClose,
  onSaved,
}: {
  kind: KindName;
  row: AdminContentRow | null;
  initial: Record<string, unknown> | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const intl = useIntl();
  const f = (id: string) => intl.formatMessage({ id });
  const { message } = App.useApp();
  const def = KIND_DEFS[kind];
  const [form] = Form.useForm();
  const { converted, load: loadConverted, onValuesChange } = useConvertedFields();
  const [saving, setSaving] = useState(false);
  const source = row ?? initial;

  useEffect(() => {
    if (!source) return;
    const i18n = (source.i18n ?? {}) as Record<string, Record<string, unknown>>;
    loadConverted(i18n);
    const values: Record<string, unknown> = { ...source, i18n: textsToForm(i18n, def.texts) };
    for (const c of def.columns) if (c.type === 'datetime' && values[c.name]) values[c.name] = dayjs(String(values[c.name]));
    form.resetFields();
    form.setFieldsValue(values);
  }, [source, def, form, loadConverted]);

  const save = async (values: Record<string, unknown>) => {
    const body: Record<string, unknown> = { i18n: textsFromForm(values.i18n as Record<string, Record<string, unknown>>, def.texts, converted) };
    for (const c of def.columns) {
      const v = values[c.name];
      body[c.name] =
        c.type === 'datetime'
          ? v
            ? (v as dayjs.Dayjs).toISOString()
            : new Date().toISOString()
          : v === undefined || v === ''
            ? c.name === 'mediaUrl'
              ? null
              : (v ?? '')
            : v;
    }
    setSaving(true);
    const saved = await saveContent(kind, row?.id ?? null, body).catch((err: unknown) => {
      showFieldErrors(form, err);
      return null;
    });
    setSaving(false);
    if (!saved) return;
    void message.success(f('console.content.saved'));
    onSaved();
  };

  return (
    <Drawer
      open={source !== null}
      onClose={onClose}
      size="large"
      title={f(row ? 'console.content.edit' : 'console.content.new')}
      destroyOnHidden
      extra={
        <Button type="primary" loading={saving} onClick={() => form.submit()}>
          <FormattedMessage id="console.content.save" />
        </Button>
      }
    >
      <Form form={form} layout="vertical" onFinish={(v) => void save(v)} onValuesChange={onValuesChange}>
        {def.columns.map((c) => (
          <Form.Item
            key={c.name}
            name={c.name}
            label={f(c.label)}
            rules={[...(c.required ? [{ required: true, whitespace: true }] : []), ...(c.url || c.type === 'image' || c.type === 'video' ? [urlRule] : [])]}
          >
            {c.type === 'select' ? (
              <Select options={c.options?.map((o) => ({ value: o.value, label: f(o.label) }))} />
            ) : c.type === 'number' ? (
              <InputNumber min={-9999} max={9999} />
            ) : c.type === 'datetime' ? (
              <DatePicker showTime />
            ) : c.type === 'image' && c.purpose ? (
              <ImageUrlInput purpose={c.purpose} />
            ) : c.type === 'video' ? (
              // The uploaded film's poster frame becomes the cover only when the organiser has not chosen one.
              <ExhibitionVideoInput onPoster={(url) => !form.getFieldValue('coverUrl') && form.setFieldValue('coverUrl', url)} />
            ) : (
              <Input />
            )}
          </Form.Item>
        ))}
        <LocaleTexts fields={def.texts} converted={converted} form={form} />
      </Form>
    </Drawer>
  );
}
