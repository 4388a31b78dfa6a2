// A small static file server for the advisor's site (dist/web): GET and HEAD, the right content
// types (application/wasm for the knowledge core, which the page compiles while it streams in),
// nothing outside the folder. Also used by the end-to-end tests and the benchmarks.
import { createServer, type Server } from 'node:http';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { InputError } from '../model/errors.js';
import { quote } from '../model/quote.js';
import { UsageError } from './errors.js';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
};

/** The built site: dist/web beside the CLI's bundle (dist/cli/), or from the sources' side. */
export function siteFolder(): string {
  for (const url of [new URL('../web/', import.meta.url), new URL('../../dist/web/', import.meta.url)]) {
    const folder = fileURLToPath(url);
    if (existsSync(join(folder, 'index.html')) && existsSync(join(folder, 'assets'))) return folder;
  }
  throw new InputError('the advisor\'s site is not built (dist/web is missing): run "npm run build"');
}

export interface StaticServer {
  server: Server;
  url: string;
  close(): Promise<void>;
}

/** Serves `root` on `host:port` (port 0: any free port). Rejects with an InputError when the port is taken. */
export function serveStatic(root: string, port: number, host = '127.0.0.1'): Promise<StaticServer> {
  const base = resolve(root);
  const server = createServer((req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    let path: string;
    try {
      path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    } catch {
      res.writeHead(400).end();
      return;
    }
    let file = normalize(join(base, path));
    if (file !== base && !file.startsWith(base + sep)) {
      res.writeHead(403).end();
      return;
    }
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found\n');
      return;
    }
    const type = TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
    // Hashed assets never change; the page, its manifest and its service worker (sw.js) are
    // checked every time, so that a new version of the site is found.
    const cache = file.includes(`${sep}assets${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache';
    res.setHeader('content-type', type);
    res.setHeader('content-length', statSync(file).size);
    res.setHeader('cache-control', cache);
    res.writeHead(200);
    if (req.method === 'HEAD') res.end();
    else createReadStream(file).pipe(res);
  });
  return new Promise((resolvePromise, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(listenError(error, host, port));
    });
    server.listen(port, host, () => {
      const address = server.address();
      const actual = typeof address === 'object' && address ? address.port : port;
      const shownHost = host.includes(':') ? `[${host}]` : host;
      resolvePromise({
        server,
        url: `http://${shownHost}:${actual}/`,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

/**
 * Why the server cannot listen, in one line naming the option to change; other errors as they
 * are. A --host that names no address here is a mistake on the command line; a port taken by
 * another program (or one kept for the system) is the machine's state, bad input.
 */
function listenError(error: NodeJS.ErrnoException, host: string, port: number): Error {
  switch (error.code) {
    case 'EADDRINUSE':
      return new InputError(`port ${port} is in use: choose another with --port`);
    case 'EACCES':
      return new InputError(`port ${port} needs privileges: choose another with --port`);
    case 'ENOTFOUND':
      return new UsageError(`--host ${quote(host)} is no address of this machine: no such name`);
    case 'EAI_AGAIN':
      // The name could not be looked up now (DNS): nothing the person typed is wrong.
      return new InputError(`--host ${quote(host)} could not be looked up just now (EAI_AGAIN): try again, or give an address such as 127.0.0.1`);
    case 'EADDRNOTAVAIL':
      return new UsageError(`--host ${quote(host)} is no address of this machine: give one of its own, such as 127.0.0.1 or 0.0.0.0`);
    default:
      return error;
  }
}
