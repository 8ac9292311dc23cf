import { exportAuditEntries, exportProspects, getCommissionStatement } from '@arc/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clientHooks, configureApiClient } from './client-hooks.ts';
import { fetchFile, FileReadError, fileNameFromDisposition, saveFile } from './files.ts';

function stubSaving() {
  const createObjectURL = vi.fn((_blob: Blob) => 'blob:arc/1');
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
  const saved: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return { createObjectURL, saved };
}

function answer(response: Response | (() => never)) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) =>
    typeof response === 'function' ? response() : response,
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const hooksBefore = clientHooks();

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  // the hooks in place before this file (the session's, when auth/session.ts is loaded): the web tests share modules
  configureApiClient(hooksBefore);
});

describe('saveFile', () => {
  it('saves under the name in Content-Disposition, with the bearer of the token source given', async () => {
    const { saved, createObjectURL } = stubSaving();
    const fetchMock = answer(
      new Response('PK\u0003\u0004', {
        headers: {
          'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'content-disposition': `attachment; filename="Audit log ?.xlsx"; filename*=UTF-8''Audit%20log%20%E2%80%94%20%22Q1%22.xlsx`,
        },
      }),
    );
    await saveFile(exportAuditEntries, {
      token: () => 'staff-token',
      query: { action: 'soa.pdf-read', to: undefined },
      fileName: 'Audit log.xlsx',
    });
    expect(saved).toEqual(['Audit log — "Q1".xlsx']);
    expect(await createObjectURL.mock.calls[0]![0].text()).toBe('PK\u0003\u0004');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe(`${window.location.origin}/arc/staff/audit/export?action=soa.pdf-read`);
    expect(new Headers(init!.headers).get('authorization')).toBe('Bearer staff-token');
  });

  it("posts a JSON body with the agent session's bearer and falls back to the given name", async () => {
    configureApiClient({ getToken: () => 'agent-token', onUnauthorized: () => {}, onTermsRequired: () => {} });
    const { saved } = stubSaving();
    const fetchMock = answer(new Response('xlsx bytes'));
    await saveFile(exportProspects, { body: { rows: [] }, fileName: 'Prospect List.xlsx' });
    expect(saved).toEqual(['Prospect List.xlsx']);
    const init = fetchMock.mock.calls[0]![1]!;
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"rows":[]}');
    expect(new Headers(init.headers).get('authorization')).toBe('Bearer agent-token');
    expect(new Headers(init.headers).get('content-type')).toBe('application/json');
  });

  it("rejects with the server's message from a refusal's JSON body, and saves nothing", async () => {
    const onUnauthorized = vi.fn();
    configureApiClient({ getToken: () => 'agent-token', onUnauthorized, onTermsRequired: () => {} });
    const { saved } = stubSaving();
    answer(Response.json({ code: 'NOT_FOUND', message: 'Statement not found' }, { status: 404 }));
    await expect(
      saveFile(getCommissionStatement, { params: { id: 'x' }, fileName: 'statement.csv' }),
    ).rejects.toMatchObject({ name: 'ApiError', status: 404, code: 'NOT_FOUND', message: 'Statement not found' });
    expect(saved).toEqual([]);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('ends the session on a 401 to the session token, and names the status when the body is not JSON', async () => {
    const onUnauthorized = vi.fn();
    configureApiClient({ getToken: () => 'agent-token', onUnauthorized, onTermsRequired: () => {} });
    answer(new Response('<html>proxy</html>', { status: 401 }));
    await expect(saveFile(getCommissionStatement, { params: { id: 'x' }, fileName: 'a.csv' })).rejects.toThrow(
      'The server answered 401.',
    );
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it("rejects with the app's network message when no answer comes", async () => {
    const { saved } = stubSaving();
    answer(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(
      saveFile(exportProspects, { body: { rows: [] }, fileName: 'Prospect List.xlsx' }),
    ).rejects.toMatchObject({
      code: 'NETWORK',
      message: 'The server could not be reached. Check your connection and try again.',
    });
    expect(saved).toEqual([]);
  });
});

describe('fetchFile', () => {
  const chunked = (parts: string[], headers: Record<string, string>) =>
    new Response(
      new ReadableStream<Uint8Array>({
        start(controller) {
          for (const part of parts) controller.enqueue(new TextEncoder().encode(part));
          controller.close();
        },
      }),
      { headers },
    );

  it('reports progress as the body arrives when its size is known', async () => {
    answer(chunked(['abcd', 'efgh'], { 'content-length': '8', 'content-type': 'text/csv' }));
    const onProgress = vi.fn();
    const { blob } = await fetchFile(getCommissionStatement, { params: { id: 'x' }, fileName: 'a.csv', onProgress });
    expect(await blob.text()).toBe('abcdefgh');
    expect(onProgress.mock.calls).toEqual([[0.5], [1]]);
  });

  it('reports no progress when the size is unknown or counts compressed bytes', async () => {
    const onProgress = vi.fn();
    answer(chunked(['abcd'], {}));
    await fetchFile(getCommissionStatement, { params: { id: 'x' }, fileName: 'a.csv', onProgress });
    answer(chunked(['abcd'], { 'content-length': '2', 'content-encoding': 'gzip' }));
    await fetchFile(getCommissionStatement, { params: { id: 'x' }, fileName: 'a.csv', onProgress });
    expect(onProgress).not.toHaveBeenCalled();
  });

  it('rejects with FileReadError when the body breaks off', async () => {
    answer(
      new Response(
        new ReadableStream<Uint8Array>({
          pull(controller) {
            controller.error(new TypeError('Decoding failed.'));
          },
        }),
      ),
    );
    const failure = fetchFile(getCommissionStatement, { params: { id: 'x' }, fileName: 'a.csv' });
    await expect(failure).rejects.toBeInstanceOf(FileReadError);
    await expect(failure).rejects.toThrow('The file could not be read: Decoding failed.');
  });
});

describe('fileNameFromDisposition', () => {
  it('prefers the UTF-8 filename* over the plain one', () => {
    expect(fileNameFromDisposition(`attachment; filename="Caf_ 2026.pdf"; filename*=UTF-8''Caf%C3%A9%202026.pdf`)).toBe(
      'Café 2026.pdf',
    );
  });

  it('reads a quoted or bare filename, and nothing from no header', () => {
    expect(fileNameFromDisposition('attachment; filename="Agent Roster.xlsx"')).toBe('Agent Roster.xlsx');
    expect(fileNameFromDisposition('attachment; filename="a \\"quoted\\" name.pdf"')).toBe('a "quoted" name.pdf');
    expect(fileNameFromDisposition('attachment; filename=report.csv')).toBe('report.csv');
    expect(fileNameFromDisposition('attachment')).toBeUndefined();
    expect(fileNameFromDisposition(null)).toBeUndefined();
  });
});
