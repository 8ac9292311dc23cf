import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { mantineComponentStyles, PATCHED_TABLE, withoutScrollContainer } from './plugins.ts';

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

describe('withoutScrollContainer (docs/decisions/web-loading-and-budget.md)', () => {
  const tableFile = path.join(mantineRoot, 'esm', 'components', 'Table', 'Table.mjs');
  const installed = JSON.parse(fs.readFileSync(path.join(mantineRoot, 'package.json'), 'utf8')) as { version: string };

  it("removes the installed Mantine Table's scroll container and keeps the rest", () => {
    const out = withoutScrollContainer(fs.readFileSync(tableFile, 'utf8'), installed.version);
    expect(out).not.toContain('TableScrollContainer');
    expect(out).not.toContain('ScrollArea');
    expect(out).toContain('Table.Tr = TableTr;');
    expect(out).toContain('Table.DataRenderer = TableDataRenderer;');
  });

  it('fails the build, naming the plugin and what to do, on another Mantine or another Table.mjs', () => {
    const code = fs.readFileSync(tableFile, 'utf8');
    expect(() => withoutScrollContainer(code, '9.8.0')).toThrow(
      /arc:mantine-table-without-scroll-container .*found @mantine\/core 9\.8\.0.*set PATCHED_TABLE/,
    );
    expect(() => withoutScrollContainer(`${code}\n`, PATCHED_TABLE.version)).toThrow(
      /Table\.mjs of sha256 [0-9a-f]{64}/,
    );
  });
});

describe('the two pages (docs/decisions/web-loading-and-budget.md)', () => {
  it('sign-in.html is index.html with the sign-in entry as its script: one head, never two that drift', () => {
    const page = (file: string) => fs.readFileSync(path.join(import.meta.dirname, '..', file), 'utf8');
    expect(page('sign-in.html')).toBe(page('index.html').replace('/src/main.tsx', '/src/sign-in-main.tsx'));
  });
});
