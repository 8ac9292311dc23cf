/// <reference types="node" />
// (node types for this test only: it reads source files; the contract itself stays browser-safe)
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const source = (file: string) => fs.readFileSync(path.join(import.meta.dirname, file), 'utf8');

describe('the zod-free entries', () => {
  // the web app's sign-in path loads these alone; an import here would bring zod into the first load
  it.each(['constants.ts', 'messages.ts'])('%s imports nothing', (file) => {
    expect(source(file)).not.toMatch(/^\s*(import|export)\s[^;]*\sfrom\s/m);
    expect(source(file)).not.toMatch(/\bimport\(/);
  });
});
