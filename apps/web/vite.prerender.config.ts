import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The landing page's prerender (src/app/prerender-landing.tsx) as a Node module, beside the web build. */
export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  // The workspace's domain package is TypeScript source: bundled, not imported at run time.
  ssr: { noExternal: ['@grip/domain'] },
  build: {
    ssr: 'src/app/prerender-landing.tsx',
    outDir: 'dist-prerender',
    emptyOutDir: true,
    copyPublicDir: false,
  },
});
