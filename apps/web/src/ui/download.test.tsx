import { Button } from '@mantine/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../test/fetch-mock.ts';
import { renderWithProviders } from '../test/render.tsx';
import { DownloadButton, useDownload } from './download.tsx';

function stubSaving() {
  const createObjectURL = vi.fn((_blob: Blob) => 'blob:arc/1');
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
  const saved: Array<{ name: string; href: string }> = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, href: this.href });
  });
  return { createObjectURL, saved };
}

/** The file answer: mockFetch speaks JSON, so the file is a Response of its own. */
function fileAnswer(fetchMock: ReturnType<typeof mockFetch>['fetchMock'], response: () => Response) {
  const jsonAnswers = fetchMock.getMockImplementation()!;
  fetchMock.mockImplementation(async (input, init) =>
    String(input).includes('/arc/download/') ? response() : jsonAnswers(input, init),
  );
}

describe('DownloadButton', () => {
  it('gets a token, fetches the file and saves it under the server-given name', async () => {
    const user = userEvent.setup();
    const { saved, createObjectURL } = stubSaving();
    const { calls, fetchMock } = mockFetch({ 'POST /arc/downloadtoken': { body: { token: 'tok-1' } } });
    fileAnswer(
      fetchMock,
      () =>
        new Response('%PDF-1.7', {
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': `attachment; filename="Humana 2026 First Look.pdf"; filename*=UTF-8''Humana%202026%20First%20Look.pdf`,
          },
        }),
    );
    const onDownloaded = vi.fn();
    renderWithProviders(
      <DownloadButton file="humana-2026" onDownloaded={onDownloaded}>
        Download
      </DownloadButton>,
    );
    await user.click(screen.getByRole('button', { name: 'Download' }));
    expect(await screen.findByLabelText('Downloading')).toBeInTheDocument();
    await waitFor(() => expect(onDownloaded).toHaveBeenCalledOnce());
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/arc/downloadtoken', body: { file: 'humana-2026' } });
    expect(String(fetchMock.mock.calls[1]![0])).toBe(`${window.location.origin}/arc/download/tok-1`);
    expect(saved).toEqual([{ name: 'Humana 2026 First Look.pdf', href: 'blob:arc/1' }]);
    expect(await createObjectURL.mock.calls[0]![0].text()).toBe('%PDF-1.7');
    await waitFor(() => expect(screen.queryByLabelText('Downloading')).not.toBeInTheDocument());
  });

  it('shows "Download Failed" with the message when the token is refused', async () => {
    const user = userEvent.setup();
    const { saved } = stubSaving();
    mockFetch({ 'POST /arc/downloadtoken': { status: 404, body: { code: 'NOT_FOUND', message: 'File not found' } } });
    renderWithProviders(<DownloadButton file="missing">Download</DownloadButton>);
    await user.click(screen.getByRole('button', { name: 'Download' }));
    const dialog = await screen.findByRole('dialog', { name: 'Download Failed' }, { timeout: 10_000 });
    expect(dialog).toHaveTextContent('File not found');
    expect(saved).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows "Download Failed" and saves nothing when the file fetch fails after a good token', async () => {
    const user = userEvent.setup();
    const { saved } = stubSaving();
    const { fetchMock } = mockFetch({ 'POST /arc/downloadtoken': { body: { token: 'tok-2' } } });
    fileAnswer(
      fetchMock,
      () =>
        new Response(JSON.stringify({ code: 'GONE', message: 'This download link has expired or was already used.' }), {
          status: 410,
          headers: { 'content-type': 'application/json' },
        }),
    );
    renderWithProviders(<DownloadButton file="humana-2026">Download</DownloadButton>);
    await user.click(screen.getByRole('button', { name: 'Download' }));
    const dialog = await screen.findByRole('dialog', { name: 'Download Failed' }, { timeout: 10_000 });
    expect(dialog).toHaveTextContent('This download link has expired or was already used.');
    expect(saved).toEqual([]);
  });
});

describe('useDownload', () => {
  it('runs any download task with the same overlay and failure dialog', async () => {
    const user = userEvent.setup();
    function Export() {
      const downloads = useDownload();
      return (
        <>
          {downloads.element}
          <Button onClick={() => void downloads.run(() => Promise.reject(new Error('Error downloading the file')))}>
            Download Excel File
          </Button>
        </>
      );
    }
    renderWithProviders(<Export />);
    await user.click(screen.getByRole('button', { name: 'Download Excel File' }));
    expect(await screen.findByRole('dialog', { name: 'Download Failed' }, { timeout: 10_000 })).toHaveTextContent(
      'Error downloading the file',
    );
  });
});

describe('useDownload progress', () => {
  it('shows the percentage a task reports while the overlay is on', async () => {
    const user = userEvent.setup();
    let finish = () => {};
    function Export() {
      const downloads = useDownload();
      return (
        <>
          {downloads.element}
          <Button
            onClick={() =>
              void downloads.run(async (onProgress) => {
                onProgress(0.426);
                await new Promise<void>((resolve) => (finish = resolve));
              })
            }
          >
            Export
          </Button>
        </>
      );
    }
    renderWithProviders(<Export />);
    await user.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByLabelText('Downloading')).toHaveTextContent('42 %');
    finish();
    await waitFor(() => expect(screen.queryByLabelText('Downloading')).not.toBeInTheDocument());
  });
});
