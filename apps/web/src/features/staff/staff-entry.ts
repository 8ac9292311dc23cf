/**
 * The back office's door (decision 084): the router loads this module, which has no static import, so the list of
 * the staff tree's chunks to preload lives here and not in the agents' first chunk.
 */
export const loadStaffApp = async () => (await import('./staff-app.tsx')).default;
