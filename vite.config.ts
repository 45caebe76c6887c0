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

/**
 * The login page's chunks (a lazy import of main.tsx) as <link rel="modulepreload"> in index.html, so the
 * browser fetches them beside the entry instead of after it ran (docs/performance.md).
 */
function preloadLogin(entry = 'src/login/StandaloneLogin.tsx'): Plugin {
  return {
    name: 'portal-preload-login',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
        const login = chunks.find((c) => c.facadeModuleId?.replace(/\\/g, '/').endsWith(entry));
        if (!login) return html;
        const files = new Set<string>();
        const visit = (file: string) => {
          if (files.has(file)) return;
          files.add(file);
          const chunk = chunks.find((c) => c.fileName === file);
          for (const dep of chunk?.imports ?? []) visit(dep);
        };
        visit(login.fileName);
        return [...files]
          .filter((f) => !html.includes(`/${f}"`))
          .map((f) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${f}` }, injectTo: 'head' as const }));
      },
    },
  };
}

/**
 * The app's entry runs after the first paint: the module script tag Vite writes becomes a modulepreload (it
 * still downloads at once) and index.html's inline boot script inserts the script after the next frame.
 * A module script in the page would run as soon as it has arrived, before the static login form's first
 * paint (docs/performance.md). The server hashes the inline script as it is served (its CSP).
 */
function entryAfterPaint(): Plugin {
  return {
    name: 'portal-entry-after-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const tag = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/.exec(html);
        const marker = '/* entry after paint */';
        if (!tag || !html.includes(marker)) return html;
        // After the next frame; a hidden tab (no frames) after 300 ms. The preloads stay in the page: deferring
        // them too made the app's form (captcha) 0.4 s later for no measurable gain in the first paint.
        const load = [
          'var started = false;',
          'var start = function () {',
          '  if (started) return;',
          '  started = true;',
          "  var s = document.createElement('script');",
          "  s.type = 'module';",
          "  s.crossOrigin = '';",
          `  s.src = '${tag[1]}';`,
          '  document.head.appendChild(s);',
          '};',
          'requestAnimationFrame(function () { setTimeout(start); });',
          'setTimeout(start, 300);',
        ].join('\n        ');
        return html.replace(tag[0], `<link rel="modulepreload" crossorigin href="${tag[1]}">`).replace(marker, load);
      },
    },
  };
}

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
  plugins: [react(), preloadLogin(), entryAfterPaint(), precompress()],
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
