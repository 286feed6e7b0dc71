import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const API_TARGET = process.env.GRIP_API_URL ?? 'http://localhost:3000';
// The API and the uploaded images both live on the server.
const proxy = {
  '/api': { target: API_TARGET, changeOrigin: false },
  '/uploads': { target: API_TARGET, changeOrigin: false },
};

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    // The service worker (src/service-worker/sw.ts) is built on its own to /sw.js as a classic script;
    // lib/service-worker.ts registers it. No precache manifest is injected yet (offline shell: later).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/service-worker',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: { injectionPoint: undefined, rollupFormat: 'iife' },
    }),
  ],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: { port: 5173, strictPort: true, proxy },
  preview: { port: 4173, proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
});
