import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';

/** The narrow card of the console's pages before sign-in (the sign-in form, a juror's invitation). */
export function SignInCard({ titleKey, children }: { titleKey: string; children: ReactNode }) {
  return (
    <main className="console-login">
      <Card>
        <Typography.Title level={1} style={{ fontSize: 22, marginTop: 0 }}>
          <FormattedMessage id={titleKey} />
        </Typography.Title>
        {children}
      </Card>
    </main>
  );
}
