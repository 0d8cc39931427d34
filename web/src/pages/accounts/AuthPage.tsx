import type { ReactNode } from 'react';
import { AntdScope } from '../../components/AntdScope';
import { PageHeader } from '../../components/PageHeader';
import './accounts.css';

/** The frame of every account page: the banner, then one card on a tinted band. */
export function AuthPage({ title, intro, wide, children }: { title: string; intro?: ReactNode; wide?: boolean; children: ReactNode }) {
  return (
    <>
      <PageHeader title={title} intro={intro} />
      <div className="auth-band">
        <div className="container">
          <AntdScope>
            <div className={`auth-card ${wide ? 'auth-card--wide' : ''}`}>{children}</div>
          </AntdScope>
        </div>
      </div>
    </>
  );
}
