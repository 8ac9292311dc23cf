// The server's entry: turns on Node's on-disk compile cache (NODE_COMPILE_CACHE, else the system's temporary
// directory) before anything else loads, so a restart reuses the compiled code of the server and its ~2,000
// modules instead of compiling them again; then starts the server (server.ts).
import module from 'node:module';
import v8 from 'node:v8';

// No allocation-site pretenuring (docs/decisions/server-runtime.md): V8 sometimes decides at start-up, from the
// survival rate of a few early allocations, to allocate a hot site's objects straight into the old generation. Those
// objects are per-request and die young, so every scavenge then walks old-to-new pointers and the old generation fills
// with garbage: in about one start in three the same server answered a third fewer requests for as long as it ran.
v8.setFlagsFromString('--no-allocation-site-pretenuring');
module.enableCompileCache?.();
await import('./server.ts');
