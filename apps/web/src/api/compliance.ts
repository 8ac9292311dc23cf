import { buildPath, createDownloadToken, downloadFile, listComplianceGuides } from '@arc/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from './client.ts';

export const complianceQueries = {
  guides: () =>
    queryOptions({
      queryKey: ['compliance', 'guides'],
      queryFn: async ({ signal }) => (await apiFetch(listComplianceGuides, { signal })).guides,
      staleTime: 5 * 60_000,
    }),
};

/**
 * Opens a guide's PDF in a new tab. The tab opens at once (inside the click, so no pop-up blocker stops it),
 * then goes to the file through a single-use download token asking for the browser's viewer.
 */
export async function openGuideInNewTab(file: string): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const { token } = await apiFetch(createDownloadToken, { body: { file } });
    const url = `${buildPath(downloadFile.path, { token })}?disposition=inline`;
    if (tab) {
      tab.opener = null;
      tab.location.href = url;
    } else {
      window.location.assign(url);
    }
  } catch (err) {
    tab?.close();
    throw err;
  }
}
