import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';

// The API server the dev server forwards to (`npm run dev:server` listens on 8080 by default).
const apiTarget = process.env.VITE_API_PROXY ?? 'http://localhost:8080';

// Every first path segment that is not the dev server's own (the apps, the sources, Vite's internals)
// is an API path: /user/…, /menu/…, /announcement/…, /hot/… and whatever a new declaration adds.
const apiPaths = '^/(?!(admin|report|src|resources|providers|node_modules|assets|@[a-z-]+)(/|$))[A-Za-z][\\w-]*/';

/** Brotli and gzip copies of every text file of the build, served by server/http/staticFiles.ts. */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'portal-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      const walk = (dir: string) => {
        for (const name of readdirSync(dir)) {
          const file = join(dir, name);
          if (statSync(file).isDirectory()) walk(file);
          else if (/\.(js|mjs|css|html|svg|json|txt|map)$/.test(name) && statSync(file).size >= 1024) {
            const data = readFileSync(file);
            writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }));
            writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
          }
        }
      };
      walk(outDir);
    },
  };
}

export default defineConfig({
  // The entry (src/boot.ts) is the login page's few KB; the app is a dynamic import that nothing preloads
  // before a login (docs/performance.md, "Login page light").
  plugins: [react(), precompress()],
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
