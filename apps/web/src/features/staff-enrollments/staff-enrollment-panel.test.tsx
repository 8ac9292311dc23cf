import {
  ENROLLMENT_ACTION_LABELS,
  ENROLLMENT_ACTION_TARGETS,
  ENROLLMENT_STATUSES,
  ENROLLMENT_TRANSITIONS,
} from '@arc/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../test/fetch-mock.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { signInStaffForTest } from '../../test/staff-session.ts';
import { ageOf, panelActions } from './enrollment-row-text.ts';
import { StaffEnrollmentPanel } from './staff-enrollment-panel.tsx';

// the Textarea's autosize listens for web fonts loading, which jsdom has not
Object.defineProperty(document, 'fonts', {
  configurable: true,
  value: { addEventListener: () => undefined, removeEventListener: () => undefined },
});

describe('ageOf', () => {
  const now = Date.parse('2026-11-28T12:00:00Z');
  const ago = (ms: number) => new Date(now - ms);

  it('says minutes under an hour, hours under two days, then days', () => {
    expect(ageOf(ago(0), now)).toBe('0 min');
    expect(ageOf(ago(59 * 60_000), now)).toBe('59 min');
    expect(ageOf(ago(60 * 60_000), now)).toBe('1 h');
    expect(ageOf(ago(47 * 3_600_000), now)).toBe('47 h');
    expect(ageOf(ago(48 * 3_600_000), now)).toBe('2 d');
    expect(ageOf(ago(30 * 86_400_000), now)).toBe('30 d');
  });

  it('never says a negative age (a clock a little ahead of the server)', () => {
    expect(ageOf(new Date(now + 5 * 60_000), now)).toBe('0 min');
  });
});

describe('panelActions', () => {
  it.each(ENROLLMENT_STATUSES)('offers from %s exactly the moves of the one transition table', (status) => {
    const { work, outcome } = panelActions(status);
    const targets = [...work, ...outcome].map((kind) => ENROLLMENT_ACTION_TARGETS[kind]);
    expect(new Set(targets)).toEqual(new Set(ENROLLMENT_TRANSITIONS[status]));
    // one button per move, none twice
    expect(targets).toHaveLength(ENROLLMENT_TRANSITIONS[status].length);
  });

  it('keeps the outcome apart from the work', () => {
    expect(panelActions('In Review')).toEqual({ work: ['pend', 'submit'], outcome: ['decline', 'withdraw'] });
    expect(panelActions('Enrolled')).toEqual({ work: [], outcome: ['cancel'] });
    expect(panelActions('Declined')).toEqual({ work: [], outcome: [] });
  });
});

describe('StaffEnrollmentPanel', () => {
  const ID = 'enr_pended';
  const detail = (status: string) => ({
    enrollment: {
      id: ID,
      version: 4,
      status,
      reason: status === 'Pended' ? 'Missing signature' : null,
      mode: 'newapp',
      agent: { npn: '17000001', firstName: 'Dana', lastName: 'Whitfield' },
      client: { id: null, firstName: 'Ruth', lastName: 'Okafor', state: 'WI' },
      carrier: 'Humana',
      product: null,
      planId: null,
      productType: null,
      effectiveDate: null,
      applicationNumber: null,
      scopeFlag: null,
      receivedAt: '2026-11-27T15:00:00.000Z',
      updatedAt: '2026-11-27T16:00:00.000Z',
      fileName: null,
      fileSize: null,
      assignee: null,
    },
    log: [],
  });

  it('shows on a pended enrollment only Resolve, Declined and Withdrawn', async () => {
    signInStaffForTest();
    mockFetch({ [`GET /arc/staff/enrollments/queue/${ID}`]: { body: detail('Pended') } });
    renderWithProviders(<StaffEnrollmentPanel id={ID} canAct onClose={() => undefined} />);
    const work = await screen.findByRole('group', { name: 'Actions on this enrollment' });
    expect(
      within(work)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([ENROLLMENT_ACTION_LABELS.resolve]);
    const outcome = screen.getByRole('group', { name: 'Record the outcome' });
    expect(
      within(outcome)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([ENROLLMENT_ACTION_LABELS.decline, ENROLLMENT_ACTION_LABELS.withdraw]);
    for (const kind of ['review', 'pend', 'submit', 'enroll', 'cancel'] as const) {
      expect(screen.queryByRole('button', { name: ENROLLMENT_ACTION_LABELS[kind] })).not.toBeInTheDocument();
    }
  });
});
