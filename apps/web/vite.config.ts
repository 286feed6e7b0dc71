import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { lazySchemas } from './vite-lazy-schemas';
import { WEB_APP_MANIFEST } from './web-app-manifest';

const API_TARGET = process.env.GRIP_API_URL ?? 'http://localhost:3000';
// The API and the uploaded images both live on the server.
const proxy = {
  '/api': { target: API_TARGET, changeOrigin: false },
  '/uploads': { target: API_TARGET, changeOrigin: false },
};

/**
 * Split automatically, every icon a page uses was a file of its own (about 35 of the 80 files the
 * home needed), and on a slow phone network each file costs a round trip. They go in one chunk
 * instead (about 6 KB gzip), loaded with the entry.
 */
function sharedChunkOf(id: string): string | null {
  return /node_modules[\\/]lucide-react[\\/]/.test(id) ? 'icons' : null;
}

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    // Schemas are built on first use, not as their modules load (docs/performance.md).
    lazySchemas(),
    // The service worker (src/service-worker/sw.ts) is built on its own to /sw.js as a classic script,
    // with the list of files to precache (the app shell: every built script, style, font and icon)
    // injected at self.__WB_MANIFEST; lib/service-worker.ts registers it. The plugin also writes
    // /manifest.webmanifest and links it from index.html.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/service-worker',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: WEB_APP_MANIFEST,
      injectManifest: {
        rollupFormat: 'iife',
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        // Every route's code is precached so each screen opens offline, not only the first one.
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
    }),
  ],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: { port: 5173, strictPort: true, proxy },
  preview: { port: 4173, proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: { codeSplitting: { groups: [{ name: sharedChunkOf }] } },
    },
  },
});
