import type { Db } from '../db/client.ts';
import { contentPageTexts } from '../db/schema/index.ts';
import { PAGE_TEXTS } from '../modules/content/page-texts.ts';

/**
 * The information pages' introductions as rows (docs/decisions/information-pages.md), from the content file; a page the
 * back office has already written keeps its text.
 */
export async function seedPageTexts({ db, now }: { db: Db; now: Date }) {
  await db
    .insert(contentPageTexts)
    .values(Object.entries(PAGE_TEXTS).map(([page, text]) => ({ page, body: text.body, updatedAt: now })))
    .onConflictDoNothing();
}
