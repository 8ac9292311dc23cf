import path from 'node:path';
import type { Rollup } from 'vite';

/**
 * The chunks of a bundle as written, as the build's plugins read them (the bundle budget, the route preloads):
 * the entry, the chunk of a source module, and what a set of chunks loads with its static imports.
 */
export function chunkGraph(bundle: Rollup.OutputBundle, root: string, label: string) {
  const chunks = Object.values(bundle).filter((output): output is Rollup.OutputChunk => output.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const entry = chunks.find((chunk) => chunk.isEntry);
  if (!entry) throw new Error(`${label}: no entry chunk`);
  const relative = (id: string) => path.relative(root, id).split(path.sep).join('/');
  /** the file of the chunk whose facade is `module` (a path from the app's root: `src/features/…`) */
  const chunkOf = (module: string) => {
    const chunk = chunks.find((c) => c.facadeModuleId && relative(c.facadeModuleId) === module);
    if (!chunk) throw new Error(`${label}: no chunk for ${module}`);
    return chunk.fileName;
  };
  /** `files` and every chunk they import statically, in the order met */
  const closure = (files: string[]) => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const imported of byFile.get(file)?.imports ?? []) visit(imported);
    };
    files.forEach(visit);
    return seen;
  };
  return { chunks, byFile, entry, relative, chunkOf, closure };
}
