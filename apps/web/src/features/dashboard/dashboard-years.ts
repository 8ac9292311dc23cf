import { BUSINESS_TIME_ZONE, NEXT_YEAR_TAB_AFTER } from '@arc/contract';

export interface DashboardYears {
  years: number[];
  active: number;
}

/**
 * The year tabs: the current year always; next year shown — and active — only after 18 June,
 * counted in America/Los_Angeles whatever the browser's own zone.
 */
export function dashboardYears(now: Date, timeZone: string = BUSINESS_TIME_ZONE): DashboardYears {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  }).formatToParts(now);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const year = get('year');
  const month = get('month');
  const day = get('day');
  const isAfter =
    month > NEXT_YEAR_TAB_AFTER.month || (month === NEXT_YEAR_TAB_AFTER.month && day > NEXT_YEAR_TAB_AFTER.day);
  return isAfter ? { years: [year, year + 1], active: year + 1 } : { years: [year], active: year };
}
