import { ENROLLMENT_MAX_BYTES, ENROLLMENT_MESSAGES } from '@arc/contract';

/** One file in the Upload Status panel. Each ends as uploaded or failed. */
export interface UploadItem {
  id: string;
  name: string;
  size: number;
  status: 'waiting' | 'uploading' | 'uploaded' | 'failed';
  /** 0 to 100 */
  progress: number;
  /** why it failed: the add-time reason or the server's message */
  message: string | null;
}

/** PDF only, at most 104857600 bytes (spec part 2 §5): the reason a file is refused when added, or null. */
export function addTimeProblem(file: { name: string; type: string; size: number }): string | null {
  const isPdf = file.type === 'application/pdf' || (file.type === '' && /\.pdf$/i.test(file.name));
  if (!isPdf) return ENROLLMENT_MESSAGES.notPdf;
  if (file.size > ENROLLMENT_MAX_BYTES) return ENROLLMENT_MESSAGES.tooLarge;
  return null;
}

/** What react-dropzone says about a refused file, in the panel's words. */
export function rejectionMessage(codes: string[], file: { name: string; type: string; size: number }): string {
  if (codes.includes('file-invalid-type')) return ENROLLMENT_MESSAGES.notPdf;
  if (codes.includes('file-too-large')) return ENROLLMENT_MESSAGES.tooLarge;
  return addTimeProblem(file) ?? ENROLLMENT_MESSAGES.notPdf;
}

export type UploadAction =
  | { type: 'add'; items: UploadItem[] }
  | { type: 'start'; id: string }
  | { type: 'progress'; id: string; fraction: number }
  | { type: 'done'; id: string }
  | { type: 'fail'; id: string; message: string }
  | { type: 'clear' };

export function uploadListReducer(items: UploadItem[], action: UploadAction): UploadItem[] {
  const update = (id: string, change: Partial<UploadItem>) =>
    items.map((item) => (item.id === id ? { ...item, ...change } : item));
  switch (action.type) {
    case 'add':
      return [...action.items, ...items];
    case 'start':
      return update(action.id, { status: 'uploading', progress: 0 });
    case 'progress':
      return update(action.id, { progress: Math.min(99, Math.round(action.fraction * 100)) });
    case 'done':
      return update(action.id, { status: 'uploaded', progress: 100 });
    case 'fail':
      return update(action.id, { status: 'failed', message: action.message });
    case 'clear':
      return items.filter((item) => item.status === 'waiting' || item.status === 'uploading');
  }
}

/** The line the panel shows for a file (spec part 2 §8: "listed as failed the upload with the server message"). */
export function uploadLine(item: UploadItem): string {
  switch (item.status) {
    case 'waiting':
      return `${item.name} is waiting to upload`;
    case 'uploading':
      return `${item.name} is uploading (${item.progress}%)`;
    case 'uploaded':
      return `${item.name} uploaded`;
    case 'failed':
      return `${item.name} failed the upload: ${item.message ?? ''}`;
  }
}
