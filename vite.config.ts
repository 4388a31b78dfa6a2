// The browser advisor (src/web): built by `npm run build:web` into dist/web, a folder any static
// host serves (relative asset paths). The Wasm modules are assets of the site; the library loads
// in the browser as it is (no Node built-in is reachable from it: .dependency-cruiser.cjs).
// A service worker (vite-plugin-pwa, Workbox) keeps every file of the site, so that the page works
// offline once loaded, and a web app manifest makes it installable; src/web/offline.ts registers it.
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { fileURLToPath } from 'node:url';

/** The colours of src/web/style.css: the accent (the header, the favicon) and the page's background. */
const ACCENT = '#7a1f2b';
const BACKGROUND = '#f7f6f2';

export default defineConfig({
  root: fileURLToPath(new URL('./src/web', import.meta.url)),
  base: './',
  // Copied as they are, unhashed: the manifest's icons (src/web/public/icons, drawn by scripts/app-icons.mjs).
  publicDir: fileURLToPath(new URL('./src/web/public', import.meta.url)),
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  worker: { format: 'es' },
  build: {
    outDir: fileURLToPath(new URL('./dist/web', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0,
    reportCompressedSize: false,
  },
  plugins: [
    VitePWA({
      // A new version waits until the player says "Reload" (src/web/views/update-banner.tsx):
      // never in the middle of entering a turn.
      registerType: 'prompt',
      // Registered by src/web/offline.ts, through virtual:pwa-register.
      injectRegister: false,
      manifest: {
        name: 'Cluedo advisor',
        short_name: 'Cluedo',
        description: 'Your detective\'s notebook at the table: who holds each card, the envelope, the best suggestion.',
        // Relative to the manifest: the folder the site is served from, whichever it is.
        start_url: './',
        scope: './',
        display: 'standalone',
        theme_color: ACCENT,
        background_color: BACKGROUND,
        icons: [
          { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: 'icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      // The icons are precached by workbox.globPatterns below, with the rest of the site.
      includeManifestIcons: false,
      workbox: {
        // Every file of the site: the page, its script and style, the Web Worker's chunk, the two
        // Wasm modules, the icons (the plugin adds the manifest). test/offline.e2e.test.ts checks
        // the worker's cache against the files of dist/web.
        globPatterns: ['**/*.{html,js,css,wasm,svg,png}'],
        // Workbox leaves larger files out without failing the build: far above the largest file
        // (the page's script, a quarter of a megabyte), so that nothing is left out silently.
        maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
      },
    }),
  ],
  logLevel: 'warn',
});
