// The server's entry: turns on Node's on-disk compile cache (NODE_COMPILE_CACHE, else the system's temporary
// directory) before anything else loads, so a restart reuses the compiled code of the server and its ~2,000
// modules instead of compiling them again; then starts the server (server.ts).
import module from 'node:module';

module.enableCompileCache?.();
await import('./server.ts');
