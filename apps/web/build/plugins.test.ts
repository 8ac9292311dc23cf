import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { mantineComponentStyles, SCROLL_AREA_MERGE_REFS, scrollAreaWithoutFloating } from './plugins.ts';

// the CSS files are exported; the package's root is two folders up from one of them
const mantineRoot = path.resolve(
  fileURLToPath(import.meta.resolve('@mantine/core/styles/Checkbox.layer.css')),
  '../..',
);

const classFiles = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return classFiles(file);
    return entry.name.endsWith('.module.mjs') ? [file] : [];
  });

describe('mantineComponentStyles', () => {
  const plugin = mantineComponentStyles();
  const transform = (id: string) =>
    (plugin.transform as (code: string, id: string) => { code: string } | undefined)('export default {};', id);

  it('gives every class file of the installed Mantine its own stylesheet, shared parts included', () => {
    const files = classFiles(path.join(mantineRoot, 'esm'));
    expect(files.length).toBeGreaterThan(90);
    // InlineInput (utils/) lays out the box and label of Checkbox, Radio and Switch
    expect(
      files.some((file) => file.endsWith(`${path.sep}utils${path.sep}InlineInput${path.sep}InlineInput.module.mjs`)),
    ).toBe(true);
    for (const file of files) {
      const name = path.basename(file, '.module.mjs');
      const result = transform(file);
      expect(result?.code ?? '(no stylesheet)', file).toContain(`import '@mantine/core/styles/${name}.layer.css';`);
      expect(fs.existsSync(path.join(mantineRoot, 'styles', `${name}.layer.css`)), name).toBe(true);
    }
  });

  it('leaves every other module alone', () => {
    expect(transform(path.join(mantineRoot, 'esm', 'components', 'Checkbox', 'Checkbox.mjs'))).toBeUndefined();
    expect(transform('/app/src/features/contracts/contracts.module.css')).toBeUndefined();
  });
});

describe('scrollAreaWithoutFloating', () => {
  const plugin = scrollAreaWithoutFloating();
  const errors: string[] = [];
  const context = {
    error: (message: string) => {
      errors.push(message);
      throw new Error(message);
    },
  };
  const transform = (code: string, id: string) =>
    (plugin.transform as (this: typeof context, code: string, id: string) => { code: string } | undefined).call(
      context,
      code,
      id,
    );
  const scrollArea = path.join(mantineRoot, 'esm', 'components', 'ScrollArea', 'ScrollArea.mjs');

  it("takes the installed Mantine ScrollArea's merge-refs hook from Mantine instead of the positioning library", () => {
    const code = fs.readFileSync(scrollArea, 'utf8');
    expect(code).toContain(SCROLL_AREA_MERGE_REFS);
    const result = transform(code, scrollArea)?.code ?? '';
    expect(result).not.toContain('@floating-ui');
    expect(result).toContain('import { useMergedRef } from "@mantine/hooks";');
    expect(result).toContain('useMergeRefs([');
  });

  it('fails the build when the import is no longer there as written, and leaves every other module alone', () => {
    expect(() => transform('export const ScrollArea = 1;', scrollArea)).toThrow(/not found/);
    expect(errors).toHaveLength(1);
    const popover = path.join(mantineRoot, 'esm', 'components', 'Popover', 'Popover.mjs');
    expect(transform(fs.readFileSync(popover, 'utf8'), popover)).toBeUndefined();
  });
});
