import { ENROLLMENT_MAX_BYTES, ENROLLMENT_MESSAGES } from '@arc/contract';
import { describe, expect, it } from 'vitest';
import { addTimeProblem, rejectionMessage, uploadLine, uploadListReducer, type UploadItem } from './upload-list.ts';

const item = (over: Partial<UploadItem> = {}): UploadItem => ({
  id: 'a',
  name: 'a.pdf',
  size: 10,
  status: 'waiting',
  progress: 0,
  message: null,
  ...over,
});

describe('addTimeProblem', () => {
  it('accepts a PDF up to exactly 104857600 bytes', () => {
    expect(addTimeProblem({ name: 'a.pdf', type: 'application/pdf', size: ENROLLMENT_MAX_BYTES })).toBeNull();
    expect(addTimeProblem({ name: 'a.PDF', type: '', size: 1 })).toBeNull();
  });
  it('refuses one byte more and anything that is not a PDF', () => {
    expect(addTimeProblem({ name: 'a.pdf', type: 'application/pdf', size: ENROLLMENT_MAX_BYTES + 1 })).toBe(
      ENROLLMENT_MESSAGES.tooLarge,
    );
    expect(addTimeProblem({ name: 'a.png', type: 'image/png', size: 1 })).toBe(ENROLLMENT_MESSAGES.notPdf);
    expect(addTimeProblem({ name: 'notes', type: '', size: 1 })).toBe(ENROLLMENT_MESSAGES.notPdf);
  });
  it('maps the dropzone’s rejection codes', () => {
    const file = { name: 'x.png', type: 'image/png', size: 1 };
    expect(rejectionMessage(['file-invalid-type'], file)).toBe(ENROLLMENT_MESSAGES.notPdf);
    expect(rejectionMessage(['file-too-large'], file)).toBe(ENROLLMENT_MESSAGES.tooLarge);
  });
});

describe('uploadListReducer', () => {
  it('follows a file from waiting to uploaded or failed', () => {
    let items = uploadListReducer([], { type: 'add', items: [item(), item({ id: 'b', name: 'b.pdf' })] });
    items = uploadListReducer(items, { type: 'start', id: 'a' });
    items = uploadListReducer(items, { type: 'progress', id: 'a', fraction: 0.456 });
    expect(items[0]).toMatchObject({ status: 'uploading', progress: 46 });
    expect(uploadLine(items[0]!)).toBe('a.pdf is uploading (46%)');
    items = uploadListReducer(items, { type: 'done', id: 'a' });
    items = uploadListReducer(items, { type: 'fail', id: 'b', message: 'Only PDF files can be uploaded.' });
    expect(items.map(uploadLine)).toEqual([
      'a.pdf uploaded',
      'b.pdf failed the upload: Only PDF files can be uploaded.',
    ]);
    // progress never shows 100 before the server said 201
    expect(uploadListReducer([item()], { type: 'progress', id: 'a', fraction: 1 })[0]!.progress).toBe(99);
  });
  it('clears finished lines and keeps those still going', () => {
    const items = [item({ status: 'uploaded' }), item({ id: 'b', status: 'uploading' })];
    expect(uploadListReducer(items, { type: 'clear' }).map((i) => i.id)).toEqual(['b']);
  });
});
