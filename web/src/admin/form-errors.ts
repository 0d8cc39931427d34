import type { FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import { isSafeUrl } from '../../../common/safe-url';
import { ApiError } from '../api/api-error';
import { messageForCode } from '../api/request';

/** A typed address checked with the shared rule before it is sent; the server checks it again (6040). */
export const urlRule: Rule = {
  validator: async (_rule, value: unknown) => {
    const v = typeof value === 'string' ? value.trim() : '';
    if (v && !isSafeUrl(v)) throw new Error(messageForCode(6040, ''));
  },
};

/** Puts a refusal's field errors (`data.fields`, dotted paths such as `i18n.zh-CN.title`) on the form's fields. */
export function showFieldErrors(form: FormInstance, err: unknown): void {
  if (!(err instanceof ApiError) || !err.fields) return;
  form.setFields(Object.entries(err.fields).map(([name, f]) => ({ name: name.split('.'), errors: [messageForCode(f.code, f.msg)] })));
}
