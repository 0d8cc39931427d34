import { Form, Input, InputNumber, Radio, Select } from 'antd';
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import type { GroupDefinition, Orientation } from '../../../../../common/entry-form/definitions';
import { GROUP_KEY } from '../../../../../common/entry-form/schemas';
import type { FieldDef } from '../../content-fields';
import { LocaleTexts } from '../../LocaleTexts';
import { type GroupInput, saveGroup, textsFromForm, textsToForm } from '../../queries/entry-form';
import { EditorModal, useSave } from './EditorParts';

const TEXTS: FieldDef[] = [
  { name: 'name', label: 'entryForm.console.group.name' },
  { name: 'description', label: 'entryForm.console.group.description', type: 'textarea' },
  { name: 'rules', label: 'entryForm.console.group.rules', type: 'lines' },
];
const TEXT_NAMES = TEXTS.map((t) => t.name);
/** The shorter side of common picture sizes: 720p, 1080p, 1440p, 4K. */
const SHORT_SIDES = [720, 1080, 1440, 2160];
type OrientationChoice = 'landscape' | 'portrait' | 'both';
type Values = {
  key: string;
  i18n: Record<string, Record<string, string | undefined>>;
  maxMinutes: number | null;
  orientation: OrientationChoice;
  minShortSide: number | 'none';
};

const choiceOf = (list: Orientation[]): OrientationChoice => (list.length === 1 ? (list[0] ?? 'both') : 'both');
const orientationsOf = (choice: OrientationChoice): Orientation[] => (choice === 'both' ? ['landscape', 'portrait'] : [choice]);

/** Adds or edits a group: its texts in three locales and the films it accepts. `group` null adds one. */
export function GroupModal({
  group,
  takenKeys,
  onClose,
  onSaved,
}: {
  group: GroupDefinition | null;
  takenKeys: string[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const intl = useIntl();
  const f = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [form] = Form.useForm();
  const { busy, run } = useSave(form, onSaved);

  useEffect(() => {
    form.resetFields();
    form.setFieldsValue({
      key: group?.key ?? '',
      i18n: textsToForm({ name: group?.name, description: group?.description, rules: group?.rules }),
      maxMinutes: group?.film.maxSeconds ? group.film.maxSeconds / 60 : null,
      orientation: group ? choiceOf(group.film.orientations) : 'both',
      minShortSide: group?.film.minShortSide ?? 'none',
    });
  }, [group, form]);

  const save = async (v: Values) => {
    const texts = textsFromForm(v.i18n, TEXT_NAMES);
    const key = group?.key ?? v.key.trim();
    const body: GroupInput = {
      name: texts.name ?? {},
      description: texts.description ?? {},
      rules: texts.rules ?? {},
      film: {
        maxSeconds: v.maxMinutes ? Math.round(v.maxMinutes * 60) : null,
        orientations: orientationsOf(v.orientation),
        minShortSide: v.minShortSide === 'none' ? null : v.minShortSide,
      },
    };
    await run(() => saveGroup(key, body));
  };

  return (
    <EditorModal
      title={f(group ? 'entryForm.console.group.editTitle' : 'entryForm.console.group.addTitle')}
      busy={busy}
      width={640}
      onSave={() => form.submit()}
      onClose={onClose}
    >
      <Form form={form} layout="vertical" onFinish={(v) => void save(v)} name="entry-group">
        {!group && (
          <Form.Item
            name="key"
            label={f('entryForm.console.group.key')}
            extra={f('entryForm.console.group.keyHint')}
            rules={[
              { required: true, message: f('entryForm.console.required') },
              { pattern: GROUP_KEY, message: f('entryForm.console.group.keyRule') },
              { validator: async (_r, v: string) => (takenKeys.includes(v) ? Promise.reject(new Error(f('entryForm.console.group.keyTaken'))) : undefined) },
            ]}
          >
            <Input autoComplete="off" />
          </Form.Item>
        )}
        <LocaleTexts fields={TEXTS} converted={[]} form={form} />
        <fieldset className="entry-form-console-fieldset">
          <legend>{f('entryForm.console.group.film')}</legend>
          <Form.Item name="maxMinutes" label={f('entryForm.console.group.maxMinutes')} extra={f('entryForm.console.group.maxMinutesHint')}>
            <InputNumber min={0.5} max={600} step={0.5} style={{ width: 160 }} suffix={f('entryForm.console.group.minutes')} />
          </Form.Item>
          <Form.Item name="orientation" label={f('entryForm.console.group.orientation')}>
            <Radio.Group
              optionType="button"
              options={(['landscape', 'portrait', 'both'] as const).map((o) => ({ value: o, label: f(`entryForm.console.orientation.${o}`) }))}
            />
          </Form.Item>
          <Form.Item name="minShortSide" label={f('entryForm.console.group.minResolution')}>
            <Select
              style={{ maxWidth: 260 }}
              options={[{ value: 'none', label: f('entryForm.console.group.anyResolution') }, ...SHORT_SIDES.map((px) => ({ value: px, label: `${px}p` }))]}
            />
          </Form.Item>
        </fieldset>
      </Form>
    </EditorModal>
  );
}
