import { MY_CASES_MESSAGES } from '@arc/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../test/fetch-mock.ts';
import { renderWithProviders } from '../../test/render.tsx';
import MyCasesPage from './my-cases-page.tsx';

const row = (id: string, memberName: string, replyCount: number) => ({
  id,
  status: replyCount > 0 ? 'In progress' : 'Open',
  createdAt: '2026-11-27T15:00:00.000Z',
  requestType: 'Claim Issue',
  memberName,
  carrier: 'Humana',
  replyCount,
  lastReplyAt: replyCount > 0 ? '2026-11-27T17:00:00.000Z' : null,
});

const detail = (id: string, memberName: string, replies: { id: number; body: string }[]) => ({
  ...row(id, memberName, replies.length),
  memberId: '',
  dateOfBirth: '1954-03-09',
  memberPhoneNumber: '',
  description: 'Denied as out of network.',
  carrierService: '',
  replies: replies.map((r) => ({ ...r, author: 'ops', createdAt: '2026-11-27T17:00:00.000Z' })),
});

describe('/my-cases', () => {
  it('opens the case named in ?case= with its replies, and another on a click', async () => {
    mockFetch({
      'GET /arc/case/mine': {
        body: {
          rows: [row('case_2', 'Bruno Castell', 0), row('case_1', 'Rosa Martinez', 1)],
          total: 2,
          page: 1,
          pageSize: 20,
        },
      },
      'GET /arc/case/mine/case_1': { body: detail('case_1', 'Rosa Martinez', [{ id: 7, body: 'We are on it.' }]) },
      'GET /arc/case/mine/case_2': { body: detail('case_2', 'Bruno Castell', []) },
    });
    renderWithProviders(<MyCasesPage />, { path: '/my-cases', initialPath: '/my-cases?case=case_1' });
    expect(await screen.findByText('We are on it.')).toBeVisible();
    expect(screen.getByText('ops, member support', { exact: false })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: /Claim Issue for Bruno Castell/ }));
    expect(await screen.findByText(MY_CASES_MESSAGES.noReply)).toBeVisible();
  });

  it('says so when the agent has no case yet', async () => {
    mockFetch({ 'GET /arc/case/mine': { body: { rows: [], total: 0, page: 1, pageSize: 20 } } });
    renderWithProviders(<MyCasesPage />, { path: '/my-cases' });
    expect(await screen.findByText(MY_CASES_MESSAGES.empty, { exact: false })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Open the Case Form' })).toHaveAttribute('href', '/case');
  });
});
