import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/**
 * Names the client of the next upload in the open upload panel (issue 46): searches the agent's clients by `search`
 * and picks the one whose option starts with `name`.
 */
export async function chooseUploadClient(page: Page, search: string, name: string): Promise<void> {
  const picker = page.getByRole('combobox', { name: /^Client/ });
  await picker.click();
  await picker.fill(search);
  await page.getByRole('option', { name: new RegExp(`^${name}`) }).click();
  await expect(page.getByRole('button', { name: 'Choose files' })).toBeEnabled();
}

/** Adds a new client from the upload panel (first and last name, date of birth) and names them for the upload. */
export async function addUploadClient(
  page: Page,
  client: { firstName: string; lastName: string; birthDate: string },
): Promise<void> {
  await page.getByRole('button', { name: 'New client' }).click();
  const form = page.getByRole('form', { name: 'New client' });
  await form.getByLabel('First name').fill(client.firstName);
  await form.getByLabel('Last name').fill(client.lastName);
  await form.getByLabel('Date of birth').fill(client.birthDate);
  await form.getByRole('button', { name: 'Add client' }).click();
  await expect(page.getByRole('button', { name: 'Choose files' })).toBeEnabled();
}
