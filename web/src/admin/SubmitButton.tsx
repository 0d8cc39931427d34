import { Button } from 'antd';
import { FormattedMessage } from 'react-intl';

/** A console form's primary button, which submits the form; `labelKey` is a message id. */
export function SubmitButton({ labelKey, loading, block }: { labelKey: string; loading?: boolean; block?: boolean }) {
  return (
    <Button type="primary" htmlType="submit" loading={loading} block={block}>
      <FormattedMessage id={labelKey} />
    </Button>
  );
}
