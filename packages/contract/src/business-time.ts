/** Calendar parts of an instant in a time zone (the business one is America/Los_Angeles by default). */
export function datePartsIn(at: Date, timeZone: string): { year: number; month: number; day: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: get('year'), month: get('month'), day: get('day') };
}

export const yearIn = (at: Date, timeZone: string): number => datePartsIn(at, timeZone).year;
