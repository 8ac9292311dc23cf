export interface Crumb {
  path: string;
  title: string;
}

/** Entries after ARC (spec: at most 3). */
export const BREADCRUMB_MAX = 3;

/** Appends a visit: an entry already there moves to the end; beyond 3 the oldest is dropped. */
export function pushCrumb(trail: readonly Crumb[], crumb: Crumb, max = BREADCRUMB_MAX): Crumb[] {
  const rest = trail.filter((entry) => entry.path !== crumb.path);
  return [...rest, crumb].slice(-max);
}
