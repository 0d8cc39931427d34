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
  },
  // `vite build` builds both: the browser app (above) and the server's page renderer (build/ssr/render.js), which
  // paints public pages to HTML before the browser app hydrates them. Everything is bundled into the renderer
  // (packages too), so it loads the same ESM builds of React, antd and react-router as the browser does.
  builder: {},
  environments: {
    client: {
      build: {
        // Two entries: the public site and the organiser console, so visitors never load console code.
        rolldownOptions: { input: { main: path.resolve(import.meta.dirname, 'web/index.html'), admin: path.resolve(import.meta.dirname, 'web/admin.html') } },
      },
    },
    ssr: {
      resolve: { noExternal: true },
      // The production builds of the bundled packages, as in the browser: antd's class names differ otherwise.
      define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      build: {
        outDir: '../build/ssr',
        emptyOutDir: true,
        manifest: false,
        copyPublicDir: false,
        rolldownOptions: { input: { render: path.resolve(import.meta.dirname, 'web/src/ssr/render.tsx') } },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/media': 'http://localhost:3000' },
  },
});
