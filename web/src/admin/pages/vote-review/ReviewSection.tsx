import { Typography } from 'antd';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';

/** A part of the fraud review: a landmark named by its level-2 heading. */
export function ReviewSection({ id, titleKey, children }: { id: string; titleKey: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <Typography.Title level={2} id={id} style={{ fontSize: 16 }}>
        <FormattedMessage id={titleKey} />
      </Typography.Title>
      {children}
    </section>
  );
}
