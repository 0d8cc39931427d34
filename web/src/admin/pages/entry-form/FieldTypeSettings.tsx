import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Checkbox, Form, Input, InputNumber } from 'antd';
import { useIntl } from 'react-intl';
import type { ChoiceOption, FieldType } from '../../../../../common/entry-form/definitions';
import { SUPPORTED_LOCALES } from '../../../../../common/locales';

/** One choice as the editor holds it: its stored value and its label in each locale. */
export type OptionRow = { value: string; 'zh-CN'?: string; 'zh-TW'?: string; 'en-US'?: string };

export const optionsToRows = (options: ChoiceOption[]): OptionRow[] => options.map((o) => ({ value: o.value, ...o.label }));

export function optionsFromRows(rows: OptionRow[] | undefined): ChoiceOption[] {
  return (rows ?? []).map((row, i) => {
    const label = Object.fromEntries(SUPPORTED_LOCALES.flatMap((l) => (row[l]?.trim() ? [[l, row[l]?.trim()]] : [])));
    // A choice's stored value never changes once answers use it; a new one takes a short value of its own.
    return { value: row.value?.trim() || `option-${Date.now().toString(36)}-${i}`, label };
  });
}

/** The settings that belong to one field type: lengths, a range, how many items, the choices. */
export function FieldTypeSettings({ type }: { type: FieldType }) {
  const intl = useIntl();
  const f = (id: string) => intl.formatMessage({ id });
  const pair = (a: React.ReactNode, b: React.ReactNode) => (
    <fieldset className="entry-form-console-fieldset">
      <legend>{f('entryForm.console.field.limits')}</legend>
      <div className="entry-form-console-pair">
        {a}
        {b}
      </div>
    </fieldset>
  );
  const count = (name: string, label: string) => (
    <Form.Item name={['limits', name]} label={f(label)}>
      <InputNumber min={0} max={100000} precision={0} style={{ width: '100%' }} />
    </Form.Item>
  );

  if (type === 'shortText' || type === 'longText') {
    return pair(count('minLength', 'entryForm.console.limits.minLength'), count('maxLength', 'entryForm.console.limits.maxLength'));
  }
  if (type === 'multipleChoice' || type === 'teamMembers') {
    const settings = pair(count('minItems', 'entryForm.console.limits.minItems'), count('maxItems', 'entryForm.console.limits.maxItems'));
    return type === 'teamMembers' ? (
      settings
    ) : (
      <>
        {settings}
        <ChoiceOptions />
      </>
    );
  }
  if (type === 'singleChoice') return <ChoiceOptions />;
  if (type === 'number') {
    return (
      <>
        {pair(
          <Form.Item name={['limits', 'min']} label={f('entryForm.console.limits.min')}>
            <InputNumber style={{ width: '100%' }} />
          </Form.Item>,
          <Form.Item name={['limits', 'max']} label={f('entryForm.console.limits.max')}>
            <InputNumber style={{ width: '100%' }} />
          </Form.Item>,
        )}
        <Form.Item name={['limits', 'integer']} valuePropName="checked">
          <Checkbox>{f('entryForm.console.limits.integer')}</Checkbox>
        </Form.Item>
      </>
    );
  }
  if (type === 'date') {
    return pair(
      <Form.Item name={['limits', 'min']} label={f('entryForm.console.limits.earliest')}>
        <Input type="date" />
      </Form.Item>,
      <Form.Item name={['limits', 'max']} label={f('entryForm.console.limits.latest')}>
        <Input type="date" />
      </Form.Item>,
    );
  }
  return null;
}

/** The choices of a single- or multiple-choice field, each labelled in three locales. */
function ChoiceOptions() {
  const intl = useIntl();
  const f = (id: string, values?: Record<string, number>) => intl.formatMessage({ id }, values);
  return (
    <fieldset className="entry-form-console-fieldset">
      <legend>{f('entryForm.console.field.options')}</legend>
      <Form.List
        name="options"
        rules={[
          {
            validator: async (_r, rows?: OptionRow[]) =>
              (rows?.length ?? 0) < 2 ? Promise.reject(new Error(f('entryForm.console.field.optionsRule'))) : undefined,
          },
        ]}
      >
        {(rows, { add, remove }, { errors }) => (
          <>
            {rows.map((row, i) => (
              <div key={row.key} className="entry-form-console-option">
                {SUPPORTED_LOCALES.map((l) => (
                  <Form.Item
                    key={l}
                    name={[row.name, l]}
                    rules={l === 'zh-CN' ? [{ required: true, whitespace: true, message: f('entryForm.console.required') }] : []}
                  >
                    <Input placeholder={f(`entryForm.console.locale.${l}`)} aria-label={`${f('entryForm.console.field.optionLabel', { n: i + 1 })} (${l})`} />
                  </Form.Item>
                ))}
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={f('entryForm.console.field.removeOption', { n: i + 1 })}
                  onClick={() => remove(row.name)}
                />
              </div>
            ))}
            <Button icon={<PlusOutlined />} onClick={() => add({ value: '' })}>
              {f('entryForm.console.field.addOption')}
            </Button>
            <Form.ErrorList errors={errors} />
          </>
        )}
      </Form.List>
    </fieldset>
  );
}
