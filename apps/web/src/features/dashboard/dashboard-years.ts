import { datePartsIn, NEXT_YEAR_TAB_AFTER } from '@arc/contract';
import { businessTimeZone } from '../../config.ts';

export interface DashboardYears {
  years: number[];
  active: number;
}

/**
 * The year tabs: the current year always; next year shown — and active — only after 18 June,
 * counted in the business time zone (`TZ_BUSINESS`, America/Los_Angeles by default) whatever the
 * browser's own zone.
 */
export function dashboardYears(now: Date, timeZone: string = businessTimeZone()): DashboardYears {
  const { year, month, day } = datePartsIn(now, timeZone);
  const isAfter =
    month > NEXT_YEAR_TAB_AFTER.month || (month === NEXT_YEAR_TAB_AFTER.month && day > NEXT_YEAR_TAB_AFTER.day);
  return isAfter ? { years: [year, year + 1], active: year + 1 } : { years: [year], active: year };
}
