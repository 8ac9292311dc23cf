import { afterEach, vi } from 'vitest';

/** Any console.error / console.warn a test did not expect is a failure. */
const unexpected: string[] = [];
for (const level of ['error', 'warn'] as const) {
  vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
    unexpected.push(`console.${level}: ${args.map(String).join(' ')}`);
  });
}
afterEach(() => {
  if (unexpected.length > 0) {
    const messages = unexpected.splice(0);
    throw new Error(`Unexpected console output:\n${messages.join('\n')}`);
  }
});
