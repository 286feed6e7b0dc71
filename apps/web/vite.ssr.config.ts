import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The first screens drawn on the server (src/app/entry-server.tsx, decision 024) as a Node module
 * beside the web build: the server loads it from apps/web/dist-server, and the build prerenders the
 * landing page with it (scripts/prerender-landing.mjs).
 */
export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  // Bundled whole (React, the router, TanStack Query, the domain package's TypeScript): the server
  // loads one file and needs none of the web app's dependencies installed.
  ssr: { noExternal: true },
  build: {
    ssr: 'src/app/entry-server.tsx',
    outDir: 'dist-server',
    emptyOutDir: true,
    copyPublicDir: false,
    // One file: the page modules the router loads lazily are drawn on the server too.
    rolldownOptions: { output: { codeSplitting: false } },
  },
});
