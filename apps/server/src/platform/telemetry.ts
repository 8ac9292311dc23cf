/** The contract's naming rule: `client_error`, `register_failed` and the like are errors. */
export const isErrorEvent = (event: string): boolean => /(^|_)(error|failed)$/.test(event);
