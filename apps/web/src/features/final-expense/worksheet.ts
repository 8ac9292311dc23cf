/**
 * The Funeral Expense Worksheet's arithmetic (spec part 2 §3, §5, §9; design §3), with no React in it.
 * Amounts are free text: every "$" and "," is ignored, anything else unparseable counts 0.
 */
export interface WorksheetLine {
  /** the field name of spec §3, e.g. fun_services_fees */
  name: string;
  label: string;
  /** the national-average reference text of spec §9, if any */
  reference?: string;
}

export interface WorksheetStep {
  step: number;
  title: string;
  lines: WorksheetLine[];
}

export const WORKSHEET_STEPS: readonly WorksheetStep[] = [
  {
    step: 1,
    title: 'Funeral Home Services',
    lines: [
      { name: 'fun_services_fees', label: 'Basic services fees', reference: 'National average: $1,600' },
      { name: 'fun_services_package', label: 'Burial package', reference: 'National average: $3,000' },
      { name: 'fun_services_prep', label: 'Embalming and body preparation', reference: 'National average: $200' },
      { name: 'fun_services_body', label: 'Direct burial', reference: 'National average: $1,500' },
    ],
  },
  {
    step: 2,
    title: 'Cemetery',
    lines: [
      { name: 'cem_plot', label: 'Burial plot', reference: 'National average: $400 to $10,000' },
      { name: 'cem_mark', label: 'Grave marker', reference: 'National average: $600' },
      { name: 'cem_head', label: 'Headstone', reference: 'National average: $1,000 and up' },
    ],
  },
  {
    step: 3,
    title: 'Casket and Burial',
    lines: [
      { name: 'cask_cask', label: 'Casket', reference: 'National average: $2,255' },
      { name: 'cask_bur', label: 'Burial shroud', reference: 'National average: $200 to $1,000' },
      { name: 'cask_lin', label: 'Grave liner', reference: 'National average: $700 to $1,000' },
      { name: 'cask_vault', label: 'Burial vault', reference: 'National average: $1,200' },
    ],
  },
  {
    step: 4,
    title: 'Cremation',
    lines: [
      { name: 'crem_pack', label: 'Cremation package', reference: 'National average: $2,000' },
      { name: 'crem_dir', label: 'Direct cremation', reference: 'National average: $1,600' },
      { name: 'crem_crem', label: 'Cremation fee', reference: 'National average: $350' },
      { name: 'crem_urn', label: 'Urn', reference: 'National average: $149' },
      { name: 'crem_mem', label: 'Memorial service', reference: 'National average: $2,000' },
    ],
  },
  {
    step: 5,
    title: 'Flowers',
    lines: [
      { name: 'flo_cask', label: 'Casket spray', reference: 'National average: $130 to $300' },
      { name: 'flo_stan', label: 'Floral stand', reference: 'National average: $100 to $300' },
    ],
  },
  {
    step: 6,
    title: 'Other Funeral Expenses',
    lines: [
      { name: 'oth_obit', label: 'Obituary', reference: 'National average: $298' },
      { name: 'oth_death', label: 'Death certificates', reference: 'National average: $12 per copy' },
      { name: 'oth_guest', label: 'Guest book', reference: 'National average: $25 to $225' },
      { name: 'oth_print', label: 'Printed pamphlets', reference: 'National average: $119' },
      { name: 'oth_hear', label: 'Hearse', reference: 'National average: $275' },
      { name: 'oth_bur', label: 'Burial clothes', reference: 'National average: $100 to $300' },
      { name: 'oth_mus', label: 'Musician', reference: 'National average: $150 to $200' },
      { name: 'oth_trav', label: 'Family travel' },
    ],
  },
  {
    step: 7,
    title: 'Final Expenses and Debts',
    lines: [
      { name: 'exp_debt', label: 'Outstanding debts' },
      { name: 'exp_credit', label: 'Credit card balances' },
      { name: 'exp_med', label: 'Medical bills' },
      { name: 'exp_leg', label: 'Legal and estate fees' },
      { name: 'exp_util', label: 'Final utility bills' },
      { name: 'exp_hou', label: 'Housing and mortgage' },
      { name: 'exp_fund', label: 'Emergency fund for the family' },
    ],
  },
];

/** Steps 1 to 7, then the summary. */
export const WORKSHEET_PAGES = 8;

export type WorksheetAmounts = Record<string, string>;

/** Cents of one free-text amount: "$1,234,567.89" → 123456789; empty, garbage or Infinity → 0. */
export function parseAmountCents(text: string | undefined): number {
  const cleaned = (text ?? '').replace(/[$,\s]/g, '');
  if (!/^[-+]?(\d+\.?\d*|\.\d+)$/.test(cleaned)) return 0;
  const value = Number(cleaned);
  return Number.isFinite(value) ? Math.round(value * 100) : 0;
}

export interface WorksheetTotals {
  /** totalCost1 … totalCost7, in cents, by step number */
  steps: Record<number, number>;
  total1to5: number;
  total1to6: number;
  combined: number;
}

export function worksheetTotals(amounts: WorksheetAmounts): WorksheetTotals {
  const steps: Record<number, number> = {};
  for (const { step, lines } of WORKSHEET_STEPS) {
    steps[step] = lines.reduce((sum, line) => sum + parseAmountCents(amounts[line.name]), 0);
  }
  const sum = (from: number, to: number) => {
    let total = 0;
    for (let step = from; step <= to; step += 1) total += steps[step] ?? 0;
    return total;
  };
  return { steps, total1to5: sum(1, 5), total1to6: sum(1, 6), combined: sum(1, 7) };
}

export interface PackageLevel {
  name: 'Platinum' | 'Gold' | 'Silver' | 'Bronze';
  /** which steps it covers, as shown */
  covers: string;
  /** the monthly premium field the agent types */
  premiumField: 'plat_m' | 'gold_m' | 'silv_m' | 'bron_m';
  deathBenefit: (totals: WorksheetTotals) => number;
}

/** Spec §9: Platinum items 1 to 7, Gold 1 to 6, Silver 1 to 5, Bronze item 7 only. */
export const PACKAGE_LEVELS: readonly PackageLevel[] = [
  { name: 'Platinum', covers: 'Steps 1 to 7', premiumField: 'plat_m', deathBenefit: (t) => t.combined },
  { name: 'Gold', covers: 'Steps 1 to 6', premiumField: 'gold_m', deathBenefit: (t) => t.total1to6 },
  { name: 'Silver', covers: 'Steps 1 to 5', premiumField: 'silv_m', deathBenefit: (t) => t.total1to5 },
  { name: 'Bronze', covers: 'Step 7 only', premiumField: 'bron_m', deathBenefit: (t) => t.steps[7] ?? 0 },
];

// made on first use, not as the module loads: the route's modules all run in one task
// (docs/decisions/web-loading-and-budget.md)
let money: Intl.NumberFormat | undefined;

/** Cents as US dollars with thousands separators: 123456789 → "$1,234,567.89". */
export const formatCents = (cents: number): string =>
  (money ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })).format(cents / 100);

/** (xxx) xxx-xxxx only when exactly 10 digits remain after stripping non-digits; otherwise nothing. */
export function formatPhone(text: string | null | undefined): string {
  const digits = (text ?? '').replace(/\D/g, '');
  if (digits.length !== 10) return '';
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}
