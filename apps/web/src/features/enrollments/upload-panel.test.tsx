import { ENROLLMENT_MESSAGES } from '@arc/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../test/fetch-mock.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { UploadPanel } from './upload-panel.tsx';
import type { Uploads } from './use-uploads.ts';

const client = (id: string, firstName: string, lastName: string, birthDate: string) => ({
  id,
  firstName,
  lastName,
  birthDate,
  phone: '',
  email: '',
  street: '',
  city: '',
  state: 'WI',
  zip: '',
  county: 'Milwaukee',
  language: 'en',
  mbiMasked: '',
  consentToContact: false,
  consentMethods: [],
  status: 'Active',
  notes: '',
  createdAt: '2026-11-20T18:00:00.000Z',
  updatedAt: '2026-11-20T18:00:00.000Z',
});

const BERG = client('cli_berg', 'Linda', 'Berg', '1959-03-14');
const pdf = () => new File(['%PDF-1.7 test'], 'Berg enrollment.pdf', { type: 'application/pdf' });

function renderPanel() {
  const uploads: Uploads = { items: [], add: vi.fn(), clear: vi.fn() };
  renderWithProviders(<UploadPanel uploads={uploads} id="panel" />, { path: '/enrollments' });
  return uploads;
}

describe('UploadPanel: the client picker', () => {
  it('takes files only once a client is chosen, and sends the client, carrier and plan with each file', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({
      'GET /arc/agent/clients': { body: { rows: [BERG], nextCursor: null, counties: ['Milwaukee'] } },
    });
    const uploads = renderPanel();
    expect(screen.getByText(ENROLLMENT_MESSAGES.needsClient)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Choose files' })).toBeDisabled();

    await user.click(screen.getByRole('combobox', { name: /Client/ }));
    await user.type(screen.getByRole('combobox', { name: /Client/ }), 'Ber');
    await user.click(await screen.findByRole('option', { name: 'Linda Berg (born 1959-03-14)' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/arc/agent/clients')).toBe(true));
    expect(screen.getByRole('button', { name: 'Choose files' })).toBeEnabled();
    expect(screen.getByText('Drag Linda Berg (born 1959-03-14)’s enrollment PDFs here')).toBeVisible();

    await user.type(screen.getByRole('textbox', { name: 'Carrier (optional)' }), 'Humana');
    await user.upload(screen.getByLabelText('Enrollment PDF files'), pdf());
    await waitFor(() => expect(uploads.add).toHaveBeenCalledTimes(1));
    expect(vi.mocked(uploads.add).mock.calls[0]![2]).toEqual({
      mode: 'newapp',
      clientId: 'cli_berg',
      carrier: 'Humana',
      plan: '',
    });
  });

  it('creates a client inline with first and last name and date of birth, and picks them', async () => {
    const user = userEvent.setup();
    const created = client('cli_new', 'Ruth', 'Ames', '1958-07-02');
    const { calls } = mockFetch({
      'GET /arc/agent/clients': { body: { rows: [], nextCursor: null, counties: [] } },
      'POST /arc/agent/clients': {
        status: 201,
        body: { ...created, soas: [], enrollments: [], due: [], duplicates: [] },
      },
    });
    renderPanel();
    await user.click(screen.getByRole('button', { name: 'New client' }));
    await user.type(screen.getByRole('textbox', { name: /First name/ }), 'Ruth');
    await user.type(screen.getByRole('textbox', { name: /Last name/ }), 'Ames');
    // no date of birth: refused in the form, nothing sent
    await user.click(screen.getByRole('button', { name: 'Add client' }));
    expect(await screen.findByText('Enter the date of birth')).toBeVisible();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await user.type(screen.getByLabelText(/Date of birth/), '1958-07-02');
    await user.click(screen.getByRole('button', { name: 'Add client' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      firstName: 'Ruth',
      lastName: 'Ames',
      birthDate: '1958-07-02',
      soaId: null,
    });
    expect(await screen.findByText('Drag Ruth Ames (born 1958-07-02)’s enrollment PDFs here')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Add client' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Choose files' })).toBeEnabled();
  });
});
