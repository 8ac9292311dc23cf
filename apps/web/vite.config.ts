import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const API = 'http://localhost:8080';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 700,
  },
  server: {
    proxy: {
      '/arc': API,
      '/oidc': API,
      '/dev': API,
      '/identity': API,
      '^/interaction/[^/]+/(details|login|abort)': API,
    },
  },
});
