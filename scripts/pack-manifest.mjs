// The package.json that `npm pack` and `npm publish` put in the tarball has no `prepare` script:
// `prepare` builds this repository after `npm ci`, and in an installed package it would only make
// npm warn every consumer about an install script. `prepack` (`strip`) sets the repository's
// manifest aside and writes it without `prepare`; `postpack` (`restore`) puts it back. Both
// replace the file by renaming, so a reader never sees half a manifest.
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const MANIFEST = fileURLToPath(new URL('../package.json', import.meta.url));
const CACHE = fileURLToPath(new URL('../node_modules/.cache/pack-manifest/', import.meta.url));
const KEPT = `${CACHE}package.json`;

function replace(text) {
  const next = `${MANIFEST}.next`;
  writeFileSync(next, text);
  renameSync(next, MANIFEST);
}

/** Puts back a manifest set aside by a pack that did not finish (no postpack ran). */
function restore() {
  if (!existsSync(KEPT)) return;
  replace(readFileSync(KEPT, 'utf8'));
  rmSync(KEPT);
}

function strip() {
  restore();
  const text = readFileSync(MANIFEST, 'utf8');
  const manifest = JSON.parse(text);
  if (manifest.scripts?.prepare === undefined) return;
  mkdirSync(CACHE, { recursive: true });
  copyFileSync(MANIFEST, KEPT);
  delete manifest.scripts.prepare;
  replace(`${JSON.stringify(manifest, null, 2)}\n`);
}

const step = process.argv[2];
if (step === 'strip') strip();
else if (step === 'restore') restore();
else {
  process.stderr.write('usage: node scripts/pack-manifest.mjs strip|restore\n');
  process.exitCode = 2;
}
