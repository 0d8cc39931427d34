import { Checkbox, Input, InputNumber, Radio, Select } from 'antd';
import type { PublicField } from '../../../../../common/entry-form/definitions';
import { assertNever } from '../../../../../common/exhaustive';
import { FieldFileInput } from './FieldFileInput';
import { TeamMembersInput } from './TeamMembersInput';

/** Past this many choices a single choice is a drop-down rather than a column of radio buttons. */
const RADIO_MAX = 6;

/** The antd control that fits one question; Form.Item passes `id`, `value` and `onChange`. */
export function AnswerInput({ field, id, ...control }: { field: PublicField; id: string; value?: never; onChange?: never }) {
  const { limits } = field;
  const options = field.options.map((o) => ({ value: o.value, label: o.label }));
  switch (field.type) {
    case 'longText':
      return <Input.TextArea id={id} {...control} rows={4} showCount={Boolean(limits.maxLength)} maxLength={limits.maxLength} />;
    case 'number':
      return (
        <InputNumber
          id={id}
          {...control}
          min={typeof limits.min === 'number' ? limits.min : undefined}
          max={typeof limits.max === 'number' ? limits.max : undefined}
          precision={limits.integer ? 0 : undefined}
          style={{ width: 200 }}
        />
      );
    case 'date':
      // The browser's own date picker: no calendar library in the entrant's download.
      return (
        <Input
          id={id}
          {...control}
          type="date"
          min={typeof limits.min === 'string' ? limits.min : undefined}
          max={typeof limits.max === 'string' ? limits.max : undefined}
          style={{ width: 200 }}
        />
      );
    case 'singleChoice':
      return options.length > RADIO_MAX ? (
        <Select id={id} {...control} options={options} allowClear style={{ maxWidth: 360 }} />
      ) : (
        <Radio.Group id={id} {...control} options={options} className="answer-choices" />
      );
    case 'multipleChoice':
      return (
        <div id={id}>
          <Checkbox.Group {...control} options={options} className="answer-choices" />
        </div>
      );
    case 'email':
      return <Input id={id} {...control} type="email" autoComplete="email" maxLength={254} />;
    case 'phone':
      return <Input id={id} {...control} type="tel" autoComplete="tel" maxLength={32} />;
    case 'checkbox':
      return (
        <Checkbox id={id} {...control} className="answer-consent">
          {field.consentText || field.label}
        </Checkbox>
      );
    case 'file':
      return <FieldFileInput id={id} {...control} onRemove={field.required ? undefined : () => undefined} />;
    case 'teamMembers':
      return <TeamMembersInput id={id} {...control} max={limits.maxItems} />;
    case 'shortText':
      return <Input id={id} {...control} showCount={Boolean(limits.maxLength)} maxLength={limits.maxLength} />;
    default:
      return assertNever(field.type, 'field type');
  }
}
