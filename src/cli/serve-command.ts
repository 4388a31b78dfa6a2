// `cluedo serve`: the browser advisor (the static site in dist/web) on a local port.
import { Command } from 'commander';
import { spawn } from 'node:child_process';
import { wholeNumber } from './options.js';
import { serveStatic, siteFolder } from './static-server.js';

interface ServeOptions {
  port: number;
  host: string;
  open?: boolean;
}

export function serveCommand(): Command {
  return new Command('serve')
    .description('serve the browser advisor (the static site built into dist/web) and print its URL')
    .option('--port <p>', 'the port to listen on (0: any free port)', wholeNumber('--port', 65535, 0), 8080)
    .option('--host <host>', 'the address to listen on', '127.0.0.1')
    .option('--open', 'open the advisor in the default browser')
    .action(async (opts: ServeOptions) => {
      const { url } = await serveStatic(siteFolder(), opts.port, opts.host);
      process.stdout.write(`The Cluedo advisor is at ${url} (Ctrl-C stops it)\n`);
      if (opts.open) openBrowser(url);
    });
}

/** Opens `url` with the platform's opener; a failure is one line, the server goes on. */
function openBrowser(url: string): void {
  const [command, args] =
    process.platform === 'darwin' ? ['open', [url]] : process.platform === 'win32' ? ['cmd', ['/c', 'start', '', url]] : ['xdg-open', [url]];
  const child = spawn(command, args, { stdio: 'ignore', detached: true });
  child.on('error', () => process.stderr.write(`cluedo: could not open a browser (${command}); open ${url} yourself\n`));
  child.unref();
}
