// The package.json that `npm pack` and `npm publish` put in the tarball has no `prepare` script:
// `prepare` builds this repository after `npm ci`, and in an installed package it would only make
// npm warn every consumer about an install script. `prepack` builds, then `strip` sets the
// repository's manifest aside (package.json.packing, ignored by git) and writes it without
// `prepare`; `postpack` (`restore`) puts it back. Both replace the file by renaming, so a reader
// never sees half a manifest; a manifest edited between the two is never overwritten.
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const MANIFEST = fileURLToPath(new URL('../package.json', import.meta.url));
const KEPT = `${MANIFEST}.packing`;

function replace(text) {
  const next = `${MANIFEST}.next`;
  writeFileSync(next, text);
  renameSync(next, MANIFEST);
}

/** The manifest as the tarball has it. */
function stripped(text) {
  const manifest = JSON.parse(text);
  delete manifest.scripts?.prepare;
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

/** Puts the kept manifest back, if the one in place is still the stripped one `strip` wrote. */
function restore() {
  if (!existsSync(KEPT)) return;
  const kept = readFileSync(KEPT, 'utf8');
  if (readFileSync(MANIFEST, 'utf8') !== stripped(kept)) {
    throw new Error(`package.json changed while it was packed: compare it with ${KEPT}, keep what is right, and delete ${KEPT}`);
  }
  replace(kept);
  rmSync(KEPT);
}

function strip() {
  restore(); // a pack that did not finish (no postpack ran)
  const text = readFileSync(MANIFEST, 'utf8');
  if (JSON.parse(text).scripts?.prepare === undefined) return;
  writeFileSync(KEPT, text);
  replace(stripped(text));
}

const step = process.argv[2];
try {
  if (step === 'strip') strip();
  else if (step === 'restore') restore();
  else {
    process.stderr.write('usage: node scripts/pack-manifest.mjs strip|restore\n');
    process.exitCode = 2;
  }
} catch (error) {
  process.stderr.write(`pack-manifest: ${error.message}\n`);
  process.exitCode = 1;
}
