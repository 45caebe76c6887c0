import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API server the dev server forwards to (`npm run dev:server` listens on 8080 by default).
const apiTarget = process.env.VITE_API_PROXY ?? 'http://localhost:8080';

// Every first path segment that is not the dev server's own (the apps, the sources, Vite's internals)
// is an API path: /user/…, /menu/…, /announcement/…, /hot/… and whatever a new declaration adds.
const apiPaths = '^/(?!(admin|report|src|resources|providers|node_modules|assets|@[a-z-]+)(/|$))[A-Za-z][\\w-]*/';

export default defineConfig({
  plugins: [react()],
  // Absolute asset URLs, so the same index.html works when served as /, /admin/ and /report/.
  base: '/',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    chunkSizeWarningLimit: 1500,
  },
  server: {
    port: 5173,
    proxy: {
      [apiPaths]: { target: apiTarget, changeOrigin: true },
    },
  },
});
