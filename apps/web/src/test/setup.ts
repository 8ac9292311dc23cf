import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { businessTimeZone, setViewerTimeZone } from '../config.ts';

// Any console.error / console.warn in a test is a failure unless the test expects it (docs/architecture.md, Tests).
let consoleProblems: string[] = [];
beforeEach(() => {
  consoleProblems = [];
  for (const level of ['error', 'warn'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      consoleProblems.push(`console.${level}: ${args.map(String).join(' ')}`);
    });
  }
});
afterEach(() => {
  cleanup();
  sessionStorage.clear();
  // the viewer's zone is the app's one global of time (config.ts): each test starts in the business zone
  setViewerTimeZone(businessTimeZone());
  const problems = consoleProblems;
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  if (problems.length > 0) throw new Error(problems.join('\n'));
});

// What Mantine needs from a browser that jsdom lacks.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;
window.HTMLElement.prototype.scrollIntoView = () => {};
