import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeAgent } from '../test/factories.ts';
import { renderWithProviders } from '../test/render.tsx';
import { SideMenu } from './side-menu.tsx';

const menu = () => screen.getByRole('navigation', { name: 'Main menu' });

describe('side menu', () => {
  it('lists the top-level routes with an icon, in route-table order', () => {
    renderWithProviders(<SideMenu agent={makeAgent()} />);
    const links = within(menu())
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(links.slice(0, 3)).toEqual(['Dashboard', 'MyHealthPlan', 'SunFire']);
    expect(links).toContain('Contact');
    // reached from the user menu, not the side menu
    expect(links).not.toContain('My Profile');
  });

  // the security-key rule itself is tested in menu.test.ts on routes of its own
  it('shows MyHealthPlan and SunFire to an agent without contracts there (their pages list the carriers)', () => {
    renderWithProviders(
      <SideMenu agent={makeAgent({ hasSunfireContracts: false, hasMyHealthPlanContracts: false })} />,
    );
    expect(within(menu()).getByRole('link', { name: 'SunFire' })).toBeInTheDocument();
    expect(within(menu()).getByRole('link', { name: 'MyHealthPlan' })).toBeInTheDocument();
  });

  it('lists the platform pages before the user is known', () => {
    renderWithProviders(<SideMenu agent={undefined} />);
    expect(within(menu()).getByRole('link', { name: 'SunFire' })).toBeInTheDocument();
    expect(within(menu()).getByRole('link', { name: 'MyHealthPlan' })).toBeInTheDocument();
  });

  it('Training & Certifications opens its children and the two external links in a new tab', async () => {
    renderWithProviders(<SideMenu agent={makeAgent()} />);
    const group = within(menu()).getByRole('button', { name: 'Training & Certifications' });
    expect(group).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(group);
    expect(group).toHaveAttribute('aria-expanded', 'true');
    // (jsdom never ends the opening transition, so the sub-menu counts as hidden here)
    const subMenu = within(menu());
    expect(subMenu.getByRole('link', { name: 'Training Videos', hidden: true })).toHaveAttribute(
      'href',
      '/training/videos',
    );
    expect(subMenu.getByRole('link', { name: 'Compliance Guides', hidden: true })).toHaveAttribute(
      'href',
      '/training/compliance-guides',
    );
    for (const name of [/Medicare Certifications/, /Events/]) {
      const link = subMenu.getByRole('link', { name, hidden: true });
      expect(link).toHaveAttribute('target', '_blank');
      expect(link.getAttribute('rel')).toContain('noopener');
    }
  });

  it('collapsed: icons only, each still named', () => {
    renderWithProviders(<SideMenu agent={makeAgent()} isCollapsed />);
    expect(within(menu()).getByRole('link', { name: 'Contact' })).toBeInTheDocument();
    expect(within(menu()).getByRole('button', { name: 'Training & Certifications' })).toBeInTheDocument();
  });

  it('collapsed: an icon shows its name in a tooltip on keyboard focus as well as on hover', async () => {
    renderWithProviders(<SideMenu agent={makeAgent()} isCollapsed />);
    const contact = within(menu()).getByRole('link', { name: 'Contact' });
    contact.focus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Contact');
    contact.blur();
    await userEvent.hover(within(menu()).getByRole('link', { name: 'Dashboard' }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Dashboard');
  });
});
