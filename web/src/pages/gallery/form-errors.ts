import type { FormInstance } from 'antd';
import type { z } from 'zod';
import { ApiError } from '../../api/api-error';
import { showMessage, showNotification } from '../../api/feedback';
import { messageForCode } from '../../api/request';

/** Runs the shared zod schema in the browser; returns the parsed values or puts each field's code text on it. */
export function checkWith<S extends z.ZodType>(schema: S, values: unknown, form: FormInstance): z.infer<S> | undefined {
  const parsed = schema.safeParse(values);
  if (parsed.success) return parsed.data;
  const fields = new Map<string, string>();
  for (const issue of parsed.error.issues) {
    const name = String(issue.path[0] ?? '');
    if (!fields.has(name)) fields.set(name, messageForCode(Number(issue.message), issue.message));
  }
  form.setFields([...fields].map(([name, error]) => ({ name, errors: [error] })));
  return undefined;
}

/** Puts a server refusal on its fields (captchaId errors show on the answer input); true when it did. */
export function showServerFields(err: unknown, form: FormInstance): boolean {
  if (!(err instanceof ApiError) || !err.fields) return false;
  form.setFields(
    Object.entries(err.fields).map(([name, f]) => ({ name: name === 'captchaId' ? 'captchaAnswer' : name, errors: [messageForCode(f.code, f.msg)] })),
  );
  return true;
}

/** A refusal without fields: the code's text; a server or network failure: the request-error notification. */
export function reportFailure(err: unknown, requestErrorText: (status: number) => string): void {
  if (!(err instanceof ApiError)) return;
  if (err.status === 0 || err.status >= 500) {
    if (err.code === 2012 || err.code === 2101) void showMessage('error', messageForCode(err.code, err.msg));
    else void showNotification(requestErrorText(err.status), err.msg);
    return;
  }
  void showMessage('error', messageForCode(err.code, err.msg));
}
