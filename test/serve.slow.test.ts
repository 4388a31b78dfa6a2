// `cluedo serve`, through the built CLI: the URL line, the site with its content types (the Wasm
// modules, the service worker, the web app manifest), a port in use or a host not of this machine
// (one line, exit 1), a bad port (exit 2).
import { afterAll, describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { serveStatic, type StaticServer } from '../src/cli/static-server.js';
import { ensureSite } from './support/advisor-driver.js';

const CLI = fileURLToPath(new URL('../dist/cli/cluedo.mjs', import.meta.url));

describe('cluedo serve', () => {
  const open: StaticServer[] = [];
  afterAll(async () => {
    for (const s of open) await s.close();
  });

  it('serves the built site and prints its URL', async () => {
    ensureSite();
    const child = spawn(process.execPath, [CLI, 'serve', '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const line = await new Promise<string>((resolve, reject) => {
        createInterface({ input: child.stdout! }).once('line', resolve);
        child.once('exit', (code) => reject(new Error(`exited with ${code}`)));
      });
      const url = /(http:\/\/127\.0\.0\.1:\d+\/)/.exec(line)![1];
      const page = await fetch(url);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      const html = await page.text();
      const script = /src="\.\/(assets\/[^"]+\.js)"/.exec(html)![1];
      expect((await fetch(url + script)).headers.get('content-type')).toMatch(/javascript/);
      const worker = await (await fetch(url + script)).text();
      expect(worker.length).toBeGreaterThan(1000);
      // Nothing outside the site: an encoded climb out of it is refused.
      expect((await fetch(`${url}..%2f..%2fpackage.json`)).status).toBe(403);
      expect((await fetch(`${url}assets/%2e%2e/%2e%2e/package.json`)).status).not.toBe(200);
      expect((await fetch(`${url}missing.txt`)).status).toBe(404);
    } finally {
      child.kill();
    }
  }, 30_000);

  it('serves the Wasm modules as application/wasm', async () => {
    const server = await serveStatic(ensureSite(), 0);
    open.push(server);
    const { readdirSync } = await import('node:fs');
    const wasm = readdirSync(`${ensureSite()}/assets`).filter((f) => f.endsWith('.wasm'));
    // The knowledge core, the Kripke kernels and the decision diagrams.
    expect(wasm.map((f) => f.replace(/-.*$/, '')).sort()).toEqual(['bdd', 'core', 'kripke']);
    for (const f of wasm) expect((await fetch(`${server.url}assets/${f}`)).headers.get('content-type')).toBe('application/wasm');
  });

  it('serves the service worker (never kept in a cache), the web app manifest and its icons with their content types', async () => {
    const server = await serveStatic(ensureSite(), 0);
    open.push(server);
    const sw = await fetch(`${server.url}sw.js`);
    expect(sw.headers.get('content-type')).toMatch(/^text\/javascript/);
    // A browser looks for a new version by fetching sw.js: it must not be kept as the hashed assets are.
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    const manifest = await fetch(`${server.url}manifest.webmanifest`);
    expect(manifest.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    const { icons } = (await manifest.json()) as { icons: Array<{ src: string }> };
    for (const icon of icons) expect((await fetch(new URL(icon.src, `${server.url}manifest.webmanifest`))).headers.get('content-type')).toBe('image/png');
    expect((await fetch(`${server.url}icons/apple-touch-icon.png`)).headers.get('content-type')).toBe('image/png');
  });

  it('refuses a port in use with one line and exit code 1, a bad port with exit code 2', async () => {
    const server = await serveStatic(ensureSite(), 0);
    open.push(server);
    const port = new URL(server.url).port;
    const taken = spawnSync(process.execPath, [CLI, 'serve', '--port', port], { encoding: 'utf8' });
    expect(taken.status).toBe(1);
    expect(taken.stderr).toBe(`cluedo: port ${port} is in use: choose another with --port\n`);
    const bad = spawnSync(process.execPath, [CLI, 'serve', '--port', '70000'], { encoding: 'utf8' });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/^cluedo: --port must be a whole number from 0 to 65,535, got "70000"\n$/);
  });

  it('refuses a --host that is no address of this machine with one line and exit code 2', () => {
    // 192.0.2.1 is reserved for documentation (RFC 5737): no machine has it.
    const r = spawnSync(process.execPath, [CLI, 'serve', '--host', '192.0.2.1', '--port', '0'], { encoding: 'utf8', timeout: 60_000 });
    expect(r.status).toBe(2);
    expect(r.stderr).toBe('cluedo: --host "192.0.2.1" is no address of this machine: give one of its own, such as 127.0.0.1 or 0.0.0.0\n');
  });
});
