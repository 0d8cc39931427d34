import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/vite-precompress';

// The SPA is served under /dist/ (the public routes own every other path); the server renders each page's HTML shell from the built
// index.html, so assets keep hashed names and long cache lifetimes.
export default defineConfig({
  root: 'web',
  base: '/dist/',
  plugins: [react(), precompress()],
  build: {
    outDir: '../build/web',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    // build/web/.vite/manifest.json: the server reads it to preload each page's own chunks (server/src/html/preload.ts).
    manifest: true,
    // Two entries: the public site and the organiser console, so visitors never load console code.
    rolldownOptions: { input: { main: path.resolve(import.meta.dirname, 'web/index.html'), admin: path.resolve(import.meta.dirname, 'web/admin.html') } },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/media': 'http://localhost:3000' },
  },
});
