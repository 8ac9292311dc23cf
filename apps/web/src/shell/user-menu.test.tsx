import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeAgent } from '../test/factories.ts';
import { renderWithProviders } from '../test/render.tsx';
import { UserMenu } from './user-menu.tsx';

const signOut = vi.hoisted(() => vi.fn());
vi.mock('../auth/session.ts', () => ({ signOut }));

const open = async () => {
  await userEvent.click(screen.getByRole('button', { name: /user menu/i }));
  await screen.findByRole('menu');
};

describe('user menu', () => {
  it('shows a spinner until the user is loaded', () => {
    renderWithProviders(<UserMenu agent={undefined} />);
    expect(screen.getByLabelText('Loading your profile')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /user menu/i })).not.toBeInTheDocument();
  });

  it('offers Log Out instead of a spinner when the profile could not be loaded', async () => {
    signOut.mockClear();
    renderWithProviders(<UserMenu agent={undefined} isFailed />);
    expect(screen.queryByLabelText('Loading your profile')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Log Out' }));
    expect(signOut).toHaveBeenCalledTimes(1);
  });

  it('shows initials, first and last name, and every item with Case Form and My cases for member support tier Unlimited', async () => {
    renderWithProviders(<UserMenu agent={makeAgent({ memberSupportTier: 'Unlimited' })} />);
    expect(screen.getByText('DW')).toBeInTheDocument();
    expect(screen.getByText('Dana Whitfield')).toBeInTheDocument();
    await open();
    const items = screen.getAllByRole('menuitem').map((item) => item.textContent);
    expect(items).toEqual(['My Profile', 'Case Form', 'My cases', 'Terms of Service', 'Policies', 'Log Out']);
    expect(screen.getByRole('menuitem', { name: 'Case Form' })).toHaveAttribute('href', '/case');
    expect(screen.getByRole('menuitem', { name: 'My cases' })).toHaveAttribute('href', '/my-cases');
    expect(screen.getByRole('menuitem', { name: 'My Profile' })).toHaveAttribute('href', '/profile');
  });

  it.each([['Standard'], [null]])('has no Case Form or My cases for member support tier %s', async (tier) => {
    renderWithProviders(<UserMenu agent={makeAgent({ memberSupportTier: tier })} />);
    await open();
    expect(screen.getByRole('menuitem', { name: 'My Profile' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Case Form' })).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'My cases' })).not.toBeInTheDocument();
  });

  it('Log Out signs out', async () => {
    renderWithProviders(<UserMenu agent={makeAgent()} />);
    await open();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Log Out' }));
    expect(signOut).toHaveBeenCalledTimes(1);
  });
});
