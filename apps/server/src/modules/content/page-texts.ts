import type { PageTextKey } from '@arc/contract';

/**
 * THE content file for the information pages' introductions (docs/decisions/information-pages.md): the seed writes them
 * as rows of `content_page_texts`, which the back office (`/staff/pages`) edits; a page without a row shows the text
 * here. HTML within the rich-text rules of docs/decisions/content-publishing.md.
 */
export const PAGE_TEXTS: Readonly<Record<PageTextKey, { title: string; body: string }>> = {
  contact: {
    title: 'Contact',
    body:
      '<p>Our agent support teams are available Monday to Friday, 6 a.m. to 5 p.m. Pacific, and Saturdays from ' +
      '8 a.m. to noon from October 1 to December 7. Have your NPN ready when you call.</p>',
  },
  'core-crm': {
    title: 'CORE CRM',
    body:
      '<p>CORE is the client relationship manager built for Medicare and insurance agents. It keeps your book of ' +
      'business, your appointments and your compliance records together, and it reminds you when a client needs ' +
      'you: a birthday, a plan change, a renewal or an Annual Notice of Change review.</p>',
  },
  green365: {
    title: 'GREEN365',
    body:
      '<p>People with both Medicare and Medicaid can change plans throughout the year, and they need an agent who ' +
      'knows the rules. GREEN365 is our training program for Dual Eligible Special Needs Plans: six short modules ' +
      'that take you from eligibility to a referral-based practice, with the compliance steps at every stage.</p>',
  },
  myquote: {
    title: 'MyQuote',
    body:
      '<p>MyQuote compares rates and benefits side by side, using the carriers and states you are appointed in. ' +
      'Quote at the kitchen table, save the comparison to the client’s file and start the application from the ' +
      'same screen.</p>',
  },
  myhealthplan: {
    title: 'MyHealthPlan',
    body:
      '<p>MyHealthPlan is our online enrollment platform. Search plans by ZIP code, check doctors and ' +
      'prescriptions, compare total yearly costs and submit the application electronically. Applications you ' +
      'submit here appear in your book of business with their status, so nothing is lost between the kitchen ' +
      'table and the carrier.</p>',
  },
  sunfire: {
    title: 'SunFire',
    body:
      '<p>SunFire compares Medicare Advantage and prescription drug plans from the carriers you are appointed ' +
      'with, checks doctors and pharmacies, and submits the carrier’s own approved application. Your contracts ' +
      'and writing numbers are loaded for you, so commissions are credited correctly.</p>',
  },
  policies: {
    title: 'Policies',
    body:
      '<p>These policies are part of your agent agreement. Read them when you join, again whenever they are ' +
      'updated, and keep a copy for your records.</p>',
  },
  resources: {
    title: 'Resource Documents',
    body:
      '<p>Quick references for Medicare Advantage appointments: costs, election periods, eligibility and ' +
      'checklists. For agent use only; do not hand these documents to clients.</p>',
  },
};
