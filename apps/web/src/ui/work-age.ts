/**
 * How old waiting work is, for the back office's queues and its work dashboard (issue 47); apart from viewer-time.ts,
 * which every agent page loads.
 */
/** How long ago, in days and hours ("2 d 5 h", "3 h", "40 min"): a queue's age, the work dashboard's oldest. */
export function formatAge(from: Date | string, now: number = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - new Date(from).getTime()) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h`;
  const rest = hours % 24;
  return rest === 0 ? `${hours / 24} d` : `${Math.floor(hours / 24)} d ${rest} h`;
}

/** A service level's hours as people say them: 48 → "2 d", 36 → "36 h". */
export const formatSlaHours = (hours: number): string => (hours % 24 === 0 ? `${hours / 24} d` : `${hours} h`);
