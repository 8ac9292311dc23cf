import { describe, expect, it } from 'vitest';
import type { AppRoute } from '../route-table.ts';
import { canFileCases, menuItems } from './menu.ts';

const routes: AppRoute[] = [
  { path: '/', title: 'Dashboard', icon: 'dashboard', screen: 'dashboard' },
  { path: '/sunfire', title: 'SunFire', icon: 'sun', screen: 'x', securityKey: 'hasSunfireContracts' },
  { path: '/profile', title: 'My Profile', screen: 'x' },
  {
    path: '/training',
    title: 'Training & Certifications',
    icon: 'training',
    screen: 'x',
    children: [
      { path: '/training/videos', title: 'Training Videos', screen: 'x' },
      { path: '/training/secret', title: 'Secret', screen: 'x', securityKey: 'isTestUser' },
    ],
  },
];

describe('menuItems', () => {
  it('lists routes with an icon and hides those whose security key is not true', () => {
    const titles = menuItems({ hasSunfireContracts: false }, routes).map((r) => r.title);
    expect(titles).toEqual(['Dashboard', 'Training & Certifications']);
    expect(menuItems({ hasSunfireContracts: true }, routes).map((r) => r.title)).toContain('SunFire');
  });
  it('filters children by their security key too', () => {
    const training = menuItems({ isTestUser: false }, routes).find((r) => r.path === '/training');
    expect(training?.children?.map((c) => c.title)).toEqual(['Training Videos']);
  });
});

describe('canFileCases', () => {
  it('is true only for member support tier Unlimited', () => {
    expect(canFileCases({ memberSupportTier: 'Unlimited' })).toBe(true);
    expect(canFileCases({ memberSupportTier: 'Standard' })).toBe(false);
    expect(canFileCases({ memberSupportTier: null })).toBe(false);
    expect(canFileCases(undefined)).toBe(false);
  });
});
