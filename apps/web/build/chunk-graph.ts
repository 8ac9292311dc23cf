import path from 'node:path';
import type { Rollup } from 'vite';

/**
 * The chunks of a bundle as written, as the build's plugins read them (the bundle budget, the route preloads):
 * the entry, the chunk of a source module, and what a set of chunks loads with its static imports.
 */
export function chunkGraph(bundle: Rollup.OutputBundle, root: string, label: string) {
  const chunks = Object.values(bundle).filter((output): output is Rollup.OutputChunk => output.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const relative = (id: string) => path.relative(root, id).split(path.sep).join('/');
  // the app's entry (index.html, whose script is main.tsx); sign-in.html's entry is measured by name where a budget asks for it
  const entry = chunks.find(
    (chunk) => chunk.isEntry && chunk.facadeModuleId && relative(chunk.facadeModuleId) === 'index.html',
  );
  if (!entry) {
    const entries = chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.facadeModuleId);
    throw new Error(`${label}: no entry chunk for index.html among ${entries.join(', ')}`);
  }
  /** the file of the chunk whose facade is `module` (or that holds it) (a path from the app's root: `src/features/…`) */
  const chunkOf = (module: string) => {
    // the chunk made for it, or the chunk it shares with another entry's (a screen both entries show)
    const chunk =
      chunks.find((c) => c.facadeModuleId && relative(c.facadeModuleId) === module) ??
      chunks.find((c) => (c.moduleIds ?? []).some((id) => relative(id) === module));
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
