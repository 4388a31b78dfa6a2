// The browser advisor (src/web): built by `npm run build:web` into dist/web, a folder any static
// host serves (relative asset paths). The knowledge core's Wasm module is an asset of the site;
// Node's modules that the library imports for files (node:fs, node:crypto) become stubs that throw.
import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';

const stub = (name: string) => fileURLToPath(new URL(`./src/web/stubs/${name}.ts`, import.meta.url));

export default defineConfig({
  root: fileURLToPath(new URL('./src/web', import.meta.url)),
  base: './',
  publicDir: false,
  resolve: {
    alias: [
      { find: /^node:fs$/, replacement: stub('node-fs') },
      { find: /^node:crypto$/, replacement: stub('node-crypto') },
    ],
  },
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  worker: { format: 'es' },
  build: {
    outDir: fileURLToPath(new URL('./dist/web', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0,
    reportCompressedSize: false,
  },
  logLevel: 'warn',
});
