import type { User } from '@arc/contract';
import { ActionIcon, AppShell, Burger, Group, Tooltip } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Breadcrumb } from './breadcrumb.tsx';
import { Footer } from './footer.tsx';
import { Logo } from './logo.tsx';
import { SideMenu } from './side-menu.tsx';
import { UserMenu } from './user-menu.tsx';

/** Header with the user menu, the side menu (collapsible; off-canvas on mobile), breadcrumb, footer. */
export function DefaultLayout({ user, children }: { user: User | undefined; children: ReactNode }) {
  const [isMobileOpen, mobile] = useDisclosure(false);
  const [isCollapsed, collapse] = useDisclosure(false);
  const isMobile = useMediaQuery('(max-width: 48em)') ?? false;
  const isNarrow = isCollapsed && !isMobile;

  return (
    <AppShell
      header={{ height: 64 }}
      footer={{ height: 48 }}
      navbar={{ width: isNarrow ? 72 : 272, breakpoint: 'sm', collapsed: { mobile: !isMobileOpen } }}
      padding={{ base: 'sm', sm: 'lg' }}
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={isMobileOpen}
              onClick={mobile.toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label="Open the menu"
            />
            <Tooltip label={isCollapsed ? 'Expand the menu' : 'Collapse the menu'}>
              <ActionIcon
                variant="subtle"
                color="gray"
                visibleFrom="sm"
                onClick={collapse.toggle}
                aria-label={isCollapsed ? 'Expand the menu' : 'Collapse the menu'}
              >
                {isCollapsed ? <IconLayoutSidebarLeftExpand size={20} /> : <IconLayoutSidebarLeftCollapse size={20} />}
              </ActionIcon>
            </Tooltip>
            <Logo size={34} />
          </Group>
          <UserMenu user={user} />
        </Group>
      </AppShell.Header>
      <AppShell.Navbar>
        <SideMenu user={user} isCollapsed={isNarrow} onNavigate={mobile.close} />
      </AppShell.Navbar>
      {isMobileOpen && (
        // the off-canvas menu closes on a click outside it
        <div
          data-testid="menu-backdrop"
          aria-hidden="true"
          onClick={mobile.close}
          style={{ position: 'fixed', inset: '64px 0 0 0', background: 'rgba(0,0,0,0.35)', zIndex: 99 }}
        />
      )}
      <AppShell.Main bg="gray.0">
        <div style={{ maxWidth: 1280, margin: '0 auto' }}>
          <Breadcrumb />
          <div style={{ marginTop: 12 }}>{children}</div>
        </div>
      </AppShell.Main>
      <AppShell.Footer>
        <Footer />
      </AppShell.Footer>
    </AppShell>
  );
}
