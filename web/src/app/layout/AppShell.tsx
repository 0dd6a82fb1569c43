import { Drawer, Layout, theme } from 'antd';
import { Suspense, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useAuth } from '../../features/auth/hooks';
import { DemoBanner } from '../../features/demo/components/DemoBanner';
import { isDemoUser } from '../../lib/user-display';
import { useIsMobile } from '../../lib/use-media-query';
import { PageLoader } from '../../components/PageLoader';
import { HydratedSignal } from '../../prerender/HydratedSignal';
import { pageTitle } from './page-titles';
import { SideNav } from './SideNav';
import { MOBILE_NAV_ID, TopBar } from './TopBar';

const SIDEBAR_WIDTH = 248;

/** Signed-in frame: side navigation (a drawer below 768 px), top bar and the routed page. */
export function AppShell() {
  const { user } = useAuth();
  const { pathname } = useLocation();
  const { token } = theme.useToken();
  const isMobile = useIsMobile();
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = () => setMenuOpen(false);

  return (
    <Layout style={{ minHeight: '100vh' }}>
      {isMobile ? (
        <Drawer
          id={MOBILE_NAV_ID}
          placement="left"
          open={menuOpen}
          onClose={closeMenu}
          size={SIDEBAR_WIDTH + 32}
          closable={false}
          title={null}
          styles={{ body: { padding: 0 } }}
          aria-label="Navigation menu"
        >
          <SideNav user={user} onNavigate={closeMenu} />
        </Drawer>
      ) : (
        <Layout.Sider
          width={SIDEBAR_WIDTH}
          theme="light"
          // The column runs the full page height (no bare strip under it on long pages); the
          // menu inside stays in view while the page scrolls.
          style={{ background: token.colorBgContainer, borderInlineEnd: `1px solid ${token.colorBorderSecondary}` }}
        >
          <div style={{ position: 'sticky', top: 0, height: '100vh' }}>
            <SideNav user={user} />
          </div>
        </Layout.Sider>
      )}
      <Layout>
        <TopBar title={pageTitle(pathname)} showMenuButton={isMobile} menuOpen={menuOpen} onOpenMenu={() => setMenuOpen(true)} />
        {isDemoUser(user) && <DemoBanner />}
        <Layout.Content style={{ padding: isMobile ? 16 : 24 }}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
            <HydratedSignal />
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
