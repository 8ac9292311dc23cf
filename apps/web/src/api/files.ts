import { buildPath, createDownloadToken, downloadFile, DOWNLOAD_CLICK_DELAY_MS } from '@arc/contract';
import { apiFetch } from './client.ts';

/**
 * Downloads a stored file: a single-use token first, then (after the spec's 500 ms) the browser fetches
 * the file itself, so it streams to disk with its own name instead of passing through memory.
 */
export async function downloadStoredFile(file: string): Promise<void> {
  const { token } = await apiFetch(createDownloadToken, { body: { file } });
  await new Promise((resolve) => setTimeout(resolve, DOWNLOAD_CLICK_DELAY_MS));
  const link = document.createElement('a');
  link.href = buildPath(downloadFile.path, { token });
  link.rel = 'noopener';
  link.download = '';
  document.body.append(link);
  link.click();
  link.remove();
}
