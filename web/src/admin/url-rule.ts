import type { Rule } from 'antd/es/form';
import { Code } from '../../../common/errors';
import { isSafeUrl } from '../../../common/safe-url';
import { errorText } from '../i18n/error-text';

/** A typed address checked with the shared rule before it is sent; the server checks it again (UnsafeUrl). */
export const urlRule: Rule = {
  validator: async (_rule, value: unknown) => {
    const v = typeof value === 'string' ? value.trim() : '';
    if (v && !isSafeUrl(v)) throw new Error(errorText(Code.UnsafeUrl));
  },
};
