import { Form, Input } from 'antd';
import { useIntl } from 'react-intl';
import { Code } from '../../../../../common/errors';
import { LOCALE_LABELS, SUPPORTED_LOCALES } from '../../../../../common/locales';
import { errorText } from '../../../i18n/error-text';

/** A name in the three locales (zh-CN required; the others fall back to it on the site). */
export function NameFields() {
  const intl = useIntl();
  return (
    <>
      {SUPPORTED_LOCALES.map((l) => (
        <Form.Item
          key={l}
          name={['i18n', l, 'name']}
          label={intl.formatMessage({ id: 'jury.form.name' }, { locale: LOCALE_LABELS[l] })}
          rules={l === 'zh-CN' ? [{ required: true, whitespace: true, message: errorText(Code.JuryNameRequired) }] : []}
        >
          <Input maxLength={100} />
        </Form.Item>
      ))}
    </>
  );
}

/** The name to show in the console's own locale, falling back to zh-CN. */
export function nameIn(i18n: Partial<Record<string, { name?: string }>>, locale: string): string {
  return i18n[locale]?.name || i18n['zh-CN']?.name || '';
}
