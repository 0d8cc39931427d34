import { Form, InputNumber, Select, Switch } from 'antd';
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import {
  FIELD_TYPES,
  type FieldDefinition,
  type FieldLimits,
  type FieldType,
  type GroupDefinition,
  localText,
} from '../../../../../common/entry-form/definitions';
import type { Locale } from '../../../../../common/locales';
import type { FieldDef } from '../../content-fields';
import { LocaleTexts } from '../../LocaleTexts';
import { createField, type FieldInput, textsFromForm, textsToForm, updateField } from '../../queries/entry-form';
import { EditorModal, useSave } from './EditorParts';
import { FieldTypeSettings, type OptionRow, optionsFromRows, optionsToRows } from './FieldTypeSettings';

const ALL_GROUPS = '*';
type Values = {
  type: FieldType;
  groupKey: string;
  i18n: Record<string, Record<string, string | undefined>>;
  required: boolean;
  visibleToJurors: boolean;
  minorOnly: boolean;
  ageFieldKey?: string;
  ageYears?: number;
  limits: FieldLimits;
  options: OptionRow[];
};

const textFields = (type: FieldType): FieldDef[] => [
  { name: 'label', label: 'entryForm.console.field.label' },
  { name: 'help', label: 'entryForm.console.field.help', type: 'textarea' },
  ...(type === 'checkbox' ? [{ name: 'consentText', label: 'entryForm.console.field.consentText', type: 'textarea' as const }] : []),
];

/** Only the limits a type uses are sent, so a type changed in the dialog leaves no stray limit behind. */
function limitsFor(type: FieldType, limits: FieldLimits | undefined): FieldLimits {
  const l = limits ?? {};
  const pick = (...names: (keyof FieldLimits)[]) =>
    Object.fromEntries(names.filter((n) => l[n] !== undefined && l[n] !== null && l[n] !== '').map((n) => [n, l[n]])) as FieldLimits;
  if (type === 'shortText' || type === 'longText') return pick('minLength', 'maxLength');
  if (type === 'number') return pick('min', 'max', 'integer');
  if (type === 'date') return pick('min', 'max');
  if (type === 'multipleChoice' || type === 'teamMembers') return pick('minItems', 'maxItems');
  return {};
}

/** Adds or edits one question of the entry form. `field` null adds one. */
export function FieldModal({
  field,
  groups,
  fields,
  onClose,
  onSaved,
}: {
  field: FieldDefinition | null;
  groups: GroupDefinition[];
  fields: FieldDefinition[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const intl = useIntl();
  const locale = intl.locale as Locale;
  const f = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [form] = Form.useForm();
  const { busy, run } = useSave(form, onSaved);
  const type = Form.useWatch('type', form) ?? field?.type ?? 'shortText';
  const minorOnly = Form.useWatch('minorOnly', form);

  useEffect(() => {
    form.resetFields();
    form.setFieldsValue({
      type: field?.type ?? 'shortText',
      groupKey: field?.groupKey ?? ALL_GROUPS,
      i18n: textsToForm({ label: field?.label, help: field?.help, consentText: field?.consentText }),
      required: field?.required ?? false,
      visibleToJurors: field?.visibleToJurors ?? false,
      minorOnly: Boolean(field?.requiredIfYoungerThan),
      ageFieldKey: field?.requiredIfYoungerThan?.ageFieldKey,
      ageYears: field?.requiredIfYoungerThan?.years ?? 18,
      limits: field?.limits ?? {},
      options: optionsToRows(field?.options ?? []),
    });
  }, [field, form]);

  const dateFields = fields.filter((d) => d.type === 'date' && d.id !== field?.id);

  const save = async (v: Values) => {
    const texts = textsFromForm(v.i18n, ['label', 'help', 'consentText']);
    const consent = v.type === 'checkbox';
    const minor = consent && v.minorOnly && v.ageFieldKey;
    const body: FieldInput = {
      type: v.type,
      groupKey: v.groupKey === ALL_GROUPS ? null : v.groupKey,
      label: texts.label ?? {},
      help: texts.help ?? {},
      consentText: consent ? (texts.consentText ?? {}) : {},
      // A consent asked only of minors is required for them and optional for everyone else.
      required: minor ? false : v.required,
      requiredIfYoungerThan: minor ? { ageFieldKey: v.ageFieldKey ?? '', years: v.ageYears ?? 18 } : null,
      visibleToJurors: v.visibleToJurors,
      limits: limitsFor(v.type, v.limits),
      options: v.type === 'singleChoice' || v.type === 'multipleChoice' ? optionsFromRows(v.options) : [],
    };
    await run(() => (field ? updateField(field.id, body) : createField(body)));
  };

  return (
    <EditorModal
      title={f(field ? 'entryForm.console.field.editTitle' : 'entryForm.console.field.addTitle')}
      busy={busy}
      width={680}
      onSave={() => form.submit()}
      onClose={onClose}
    >
      <Form form={form} layout="vertical" onFinish={(v) => void save(v)} name="entry-field">
        <div className="entry-form-console-pair">
          <Form.Item name="type" label={f('entryForm.console.field.type')}>
            <Select options={FIELD_TYPES.map((t) => ({ value: t, label: f(`entryForm.console.type.${t}`) }))} />
          </Form.Item>
          <Form.Item name="groupKey" label={f('entryForm.console.field.scope')}>
            <Select
              options={[
                { value: ALL_GROUPS, label: f('entryForm.console.field.allGroups') },
                ...groups.map((g) => ({ value: g.key, label: localText(g.name, locale) || g.key })),
              ]}
            />
          </Form.Item>
        </div>
        <LocaleTexts fields={textFields(type)} converted={[]} form={form} />
        <div className="entry-form-console-switches">
          <Form.Item name="required" valuePropName="checked" label={f('entryForm.console.field.required')}>
            <Switch disabled={type === 'checkbox' && minorOnly} />
          </Form.Item>
          <Form.Item
            name="visibleToJurors"
            valuePropName="checked"
            label={f('entryForm.console.field.visibleToJurors')}
            extra={f('entryForm.console.field.visibleHint')}
          >
            <Switch />
          </Form.Item>
        </div>
        {type === 'checkbox' && (
          <fieldset className="entry-form-console-fieldset">
            <legend>{f('entryForm.console.field.minorTitle')}</legend>
            <Form.Item name="minorOnly" valuePropName="checked" label={f('entryForm.console.field.minorOnly')}>
              <Switch disabled={dateFields.length === 0} />
            </Form.Item>
            {dateFields.length === 0 && <p className="entry-form-console-note">{f('entryForm.console.field.minorNeedsDate')}</p>}
            {minorOnly && (
              <div className="entry-form-console-pair">
                <Form.Item
                  name="ageFieldKey"
                  label={f('entryForm.console.field.ageField')}
                  rules={[{ required: true, message: f('entryForm.console.required') }]}
                >
                  <Select options={dateFields.map((d) => ({ value: d.key, label: localText(d.label, locale) || d.key }))} />
                </Form.Item>
                <Form.Item name="ageYears" label={f('entryForm.console.field.ageYears')} rules={[{ required: true, message: f('entryForm.console.required') }]}>
                  <InputNumber min={1} max={30} precision={0} style={{ width: 120 }} />
                </Form.Item>
              </div>
            )}
          </fieldset>
        )}
        <FieldTypeSettings type={type} />
      </Form>
    </EditorModal>
  );
}
