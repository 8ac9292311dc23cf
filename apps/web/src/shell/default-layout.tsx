import type { Agent } from '@arc/contract';
import { ActionIcon, AppShell, Burger, Group, Tooltip } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Breadcrumb } from './breadcrumb.tsx';
import { CartMenu } from './cart-menu.tsx';
import classes from './default-layout.module.css';
import { Footer } from './footer.tsx';
import { Logo } from './logo.tsx';
import { NotificationMenu } from './notification-menu.tsx';
import { SideMenu } from './side-menu.tsx';
import { UserMenu } from './user-menu.tsx';

const HEADER_HEIGHT = 60;
const NAVBAR_ID = 'main-menu';

/**
 * The signed-in layout: header (menu toggle, logo, supplies cart, user menu), the side menu (collapsible to
 * icons on desktop; an off-canvas panel on mobile that closes on an outside click, Escape or navigation),
 * the breadcrumb above each screen, and the footer.
 */
export interface DefaultLayoutProps {
  agent: Agent | undefined;
  /** the agent could not be loaded: the header offers Log Out instead of a spinner */
  isAgentFailed?: boolean;
  children: ReactNode;
}

export function DefaultLayout({ agent, isAgentFailed = false, children }: DefaultLayoutProps) {
  const [isMobileOpen, mobile] = useDisclosure(false);
  const navbarRef = useRef<HTMLDivElement>(null);
  const burgerRef = useRef<HTMLButtonElement>(null);
  const [isCollapsed, collapse] = useDisclosure(false);
  const isMobile = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false }) ?? false;
  const isNarrow = isCollapsed && !isMobile;
  // On a phone the menu is an off-canvas panel, closed (and inert) until the burger opens it: its twenty-odd
  // links are built the first time it opens, not with every page's first render
  // (docs/decisions/web-loading-and-budget.md).
  const [hasOpenedMenu, setOpenedMenu] = useState(false);
  if (isMobileOpen && !hasOpenedMenu) setOpenedMenu(true);
  const isMenuBuilt = !isMobile || hasOpenedMenu;
  const { pathname } = useLocation();

  // navigation closes the off-canvas menu
  useEffect(() => mobile.close(), [pathname]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    if (!isMobileOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && mobile.close();
    // a press anywhere outside the panel closes it: the dimmed page, the header, the footer (which sits above
    // the backdrop) alike; the burger toggles it by itself
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (navbarRef.current?.contains(target) || burgerRef.current?.contains(target)) return;
      mobile.close();
    };
    window.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      window.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [isMobileOpen, mobile]);

  const collapseLabel = isCollapsed ? 'Expand the menu' : 'Collapse the menu';
  return (
    <AppShell
      header={{ height: HEADER_HEIGHT }}
      footer={{ height: 44 }}
      navbar={{ width: isNarrow ? 76 : 264, breakpoint: 'sm', collapsed: { mobile: !isMobileOpen } }}
      padding={{ base: 'md', sm: 'xl' }}
    >
      <a href="#main-content" className={classes.skipLink}>
        Skip to main content
      </a>
      <AppShell.Header>
        <Group h="100%" px={{ base: 'sm', sm: 'md' }} justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              ref={burgerRef}
              opened={isMobileOpen}
              onClick={mobile.toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={isMobileOpen ? 'Close the menu' : 'Open the menu'}
              aria-expanded={isMobileOpen}
              aria-controls={NAVBAR_ID}
            />
            <Tooltip label={collapseLabel} events={{ hover: true, focus: true, touch: false }}>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                visibleFrom="sm"
                onClick={collapse.toggle}
                aria-label={collapseLabel}
                aria-expanded={!isCollapsed}
                aria-controls={NAVBAR_ID}
              >
                {isCollapsed ? <IconLayoutSidebarLeftExpand size={20} /> : <IconLayoutSidebarLeftCollapse size={20} />}
              </ActionIcon>
            </Tooltip>
            <Logo size={34} nameFrom="xs" />
          </Group>
          <Group gap="xs" wrap="nowrap">
            <CartMenu />
            <NotificationMenu />
            <UserMenu agent={agent} isFailed={isAgentFailed} />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar ref={navbarRef} id={NAVBAR_ID} className={classes.navbar} inert={isMobile && !isMobileOpen}>
        {isMenuBuilt ? (
          <SideMenu agent={agent} isCollapsed={isNarrow} onNavigate={mobile.close} />
        ) : (
          <nav aria-label="Main menu" />
        )}
      </AppShell.Navbar>
      {isMobile && isMobileOpen && (
        // the off-canvas menu closes on a click outside it
        <div data-testid="menu-backdrop" aria-hidden="true" className={classes.backdrop} onClick={mobile.close} />
      )}
      <AppShell.Main className={classes.main}>
        <div id="main-content" tabIndex={-1} className={classes.content}>
          <Breadcrumb />
          <div style={{ marginTop: 16 }}>{children}</div>
        </div>
      </AppShell.Main>
      <AppShell.Footer>
        <Footer />
      </AppShell.Footer>
    </AppShell>
  );
}
