import { Form, type FormInstance } from 'antd';
import type { Answers, PublicField } from '../../../../../common/entry-form/definitions';
import { AnswerInput } from './AnswerInput';
import { answerErrors } from './answers-check';

export const answerName = (key: string) => ['answers', key];
/** The input's id: the label points at it, and a file field's picker takes it. */
export const answerId = (key: string) => `answer-${key}`;

/**
 * The organiser's questions for the chosen group, after the fixed ones. Each is checked by the shared rules
 * (the server's own), so a message shows under the field before anything is sent.
 */
export function ExtraFields({ fields, form }: { fields: PublicField[]; form: FormInstance }) {
  const check = (field: PublicField) => async () => {
    const answers = (form.getFieldValue('answers') ?? {}) as Answers;
    const error = answerErrors(fields, answers)[field.key];
    if (error) throw new Error(error);
  };
  return fields.map((field) => {
    const id = answerId(field.key);
    const consent = field.type === 'checkbox';
    return (
      <Form.Item
        key={field.key}
        name={answerName(field.key)}
        label={field.label}
        htmlFor={id}
        extra={field.help || undefined}
        required={field.required}
        rules={[{ validator: check(field) }]}
        valuePropName={consent ? 'checked' : 'value'}
        className={`answer-item answer-item--${field.type}`}
      >
        <AnswerInput field={field} id={id} />
      </Form.Item>
    );
  });
}
