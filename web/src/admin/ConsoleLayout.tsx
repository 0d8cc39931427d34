import { Button, Grid, Layout, Menu, Select, Space, Typography } from 'antd';
import { useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { isLocale, LOCALE_LABELS, SUPPORTED_LOCALES } from '../../../common/locales';
import { clearAccessToken } from '../api/request';
import { useCurrentUser } from '../app/current-user';
import { useAdminLocale } from './AdminLocale';
import { CONSOLE_MENU, type ConsoleMenuItem, redirectFor, visibleMenu } from './menu';
import { signOut } from './queries/session';

/** Layout of every console page; anyone without canSeeAdmin or canJudge is sent to the sign-in form. */
export function ConsoleLayout() {
  const { currentUser, access, refresh } = useCurrentUser();
  const { locale, setLocale } = useAdminLocale();
  const intl = useIntl();
  const location = useLocation();
  const navigate = useNavigate();
  const screens = Grid.useBreakpoint();

  const items = useMemo(() => {
    const toAntd = (list: ConsoleMenuItem[]): { key: string; label: string; children?: unknown[] }[] =>
      list.map((i) => ({ key: i.key, label: intl.formatMessage({ id: i.label }), ...(i.children ? { children: toAntd(i.children) } : {}) }));
    return toAntd(visibleMenu(CONSOLE_MENU, access));
  }, [access, intl]);

  if (!access.canSeeAdmin && !access.canJudge) return <Navigate to="/login" replace />;
  // A juror's console is the judging area alone; every other address leads there.
  if (!access.canSeeAdmin && !location.pathname.startsWith('/judging')) return <Navigate to="/judging" replace />;
  // An editor or a reviewer lands on their own first page instead of one their role does not open.
  const elsewhere = redirectFor(location.pathname, access);
  if (elsewhere && elsewhere !== location.pathname) return <Navigate to={elsewhere} replace />;

  const logout = async () => {
    await signOut();
    clearAccessToken();
    await refresh();
    navigate('/login', { replace: true });
  };

  return (
    <Layout className="console-layout">
      <Layout.Sider breakpoint="md" collapsedWidth={0} width={208}>
        <div className="console-brand">
          <FormattedMessage id="console.title" />
        </div>
        <Menu
          theme="dark"
          mode="inline"
          selectedKeys={[location.pathname]}
          defaultOpenKeys={['content']}
          items={items as never}
          onClick={(e) => navigate(e.key)}
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header className="console-header">
          <Space wrap size="small">
            {screens.sm && <Typography.Text className="jury-muted">{currentUser?.email}</Typography.Text>}
            <Select
              size="small"
              aria-label={intl.formatMessage({ id: 'common.language' })}
              value={locale}
              onChange={(v) => isLocale(v) && setLocale(v)}
              options={SUPPORTED_LOCALES.map((l) => ({ value: l, label: LOCALE_LABELS[l] }))}
              style={{ width: 110 }}
            />
            <Button size="small" href="/" target="_blank">
              <FormattedMessage id="console.menu.viewSite" />
            </Button>
            <Button size="small" onClick={() => void logout()}>
              <FormattedMessage id="console.logout" />
            </Button>
          </Space>
        </Layout.Header>
        <Layout.Content className="console-content">
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
