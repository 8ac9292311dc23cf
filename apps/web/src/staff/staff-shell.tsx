import * as contract from '@arc/contract';
import { AppShell, Badge, Burger, Button, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { NavLink as RouterNavLink, useLocation } from 'react-router';
import { currentStaffQuery, updateStaffTimeZone } from '../api/staff-current.ts';
import { signOutStaff, watchStaffIdle } from '../auth/staff-session.ts';
import { PROVIDER_NAME } from '../config.ts';
import { areaOf, areasFor, ROLE_LABELS } from './staff-areas.ts';

// the time zone setting and its list, loaded after the frame
const TimeZoneSelect = lazy(() => import('../ui/time-zone-select.tsx').then((m) => ({ default: m.TimeZoneSelect })));

/**
 * The back office's frame: the staff member's e-mail and role and Sign out in the header, the areas the role may
 * open in the side menu; signs out after 30 idle minutes.
 */
export function StaffShell({ children }: { children: ReactNode }) {
  const [isOpen, { toggle, close }] = useDisclosure();
  const { pathname } = useLocation();
  const me = useQuery(currentStaffQuery());
  const queryClient = useQueryClient();
  useEffect(() => watchStaffIdle(() => void signOutStaff()), []);
  useEffect(() => {
    if (me.isError) void signOutStaff();
  }, [me.isError]);
  const staff = me.data;
  // a sub-page (an agent's page below Agents) keeps its area's item active
  const activePath = areaOf(pathname)?.path;
  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 220, breakpoint: 'sm', collapsed: { mobile: !isOpen } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Burger opened={isOpen} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Menu" />
            <Text fw={700} truncate>
              <Text span inherit visibleFrom="sm">
                {PROVIDER_NAME} ·{' '}
              </Text>
              Back office
            </Text>
          </Group>
          <Group gap="sm" wrap="nowrap" style={{ flexShrink: 0 }}>
            {staff && (
              <>
                <Text size="sm" visibleFrom="sm">
                  {staff.email}
                </Text>
                <Badge variant="light">{ROLE_LABELS[staff.role]}</Badge>
              </>
            )}
            <Button variant="default" size="xs" onClick={() => void signOutStaff()}>
              Sign out
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" component="nav" aria-label="Back office">
        <Stack gap={4}>
          {staff &&
            areasFor(staff.role).map((area) => (
              <Button
                key={area.path}
                component={RouterNavLink}
                to={area.path}
                end={area.path === contract.staffPaths.home}
                onClick={close}
                variant={area.path === activePath ? 'light' : 'subtle'}
                justify="start"
                fullWidth
              >
                {area.label}
              </Button>
            ))}
        </Stack>
        {staff && (
          <Suspense fallback={null}>
            <TimeZoneSelect
              size="xs"
              value={staff.timeZoneSetting}
              defaultZone={staff.defaultTimeZone}
              onChange={async (timeZone) => {
                await updateStaffTimeZone(timeZone);
                await queryClient.invalidateQueries({ queryKey: currentStaffQuery().queryKey });
              }}
            />
          </Suspense>
        )}
      </AppShell.Navbar>
      {/* pages show once the member (and so their time zone) is known; a new zone shows them again in it */}
      <AppShell.Main key={staff?.timeZone}>{staff ? children : null}</AppShell.Main>
    </AppShell>
  );
}
