import { buildPath, createDownloadToken, downloadFile, listComplianceGuides } from '@arc/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from './client.ts';

export const complianceQueries = {
  guides: () =>
    queryOptions({
      queryKey: ['compliance', 'guides'],
      // the app's default freshness (30 s): a guide the back office publishes or withdraws shows at the next visit
      queryFn: async ({ signal }) => (await apiFetch(listComplianceGuides, { signal })).guides,
    }),
};

export const compliancePaths = {
  guides: '/training/compliance-guides',
  /**
   * A guide's own address in the app: the Document Name's link, which can be opened in a new tab, copied or
   * bookmarked. Opened, it signs the agent in if needed and shows the PDF (compliance-guide-page.tsx).
   */
  guide: (fileNumber: number) => `/training/compliance-guides/${fileNumber}`,
};

/** The browser-viewer address of a guide's PDF: a fresh single-use download token asking for `inline`. */
export async function guideViewUrl(file: string): Promise<string> {
  const { token } = await apiFetch(createDownloadToken, { body: { file } });
  return `${buildPath(downloadFile.path, { token })}?disposition=inline`;
}

/**
 * Opens a guide's PDF in a new tab. The tab opens at once (inside the click, so no pop-up blocker stops it),
 * then goes to the file through a single-use download token asking for the browser's viewer.
 */
export async function openGuideInNewTab(file: string): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const url = await guideViewUrl(file);
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
