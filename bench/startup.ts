// The CLI's start-up: the whole-process time of `cluedo analyze examples/classic-6p-late.json
// --json` (a sub-millisecond answer, so nearly all of it is starting Node and loading the CLI),
// against `node -e 0` measured side by side in the same run: rounds alternate between the
// commands, so that a busy machine slows both alike, and the medians are compared.
import { spawnSync } from 'node:child_process';
import { openSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { bin: { cluedo: string } }).bin.cluedo;

// Output discarded through a write-only /dev/null: `stdio: 'ignore'` opens it read-write, which
// is what a closed standard output looks like, and cluedo refuses to run with one.
const DISCARD = openSync('/dev/null', 'w');

function wallMs(args: string[]): number {
  const started = process.hrtime.bigint();
  const r = spawnSync(process.execPath, args, { cwd: ROOT, stdio: ['ignore', DISCARD, 'inherit'] });
  if (r.status !== 0) throw new Error(`node ${args.join(' ')} exited ${r.status}`);
  return Number(process.hrtime.bigint() - started) / 1e6;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

export function benchStartup(rounds = 21) {
  const commands = {
    node: ['-e', '0'],
    cli: [BIN, 'analyze', 'examples/classic-6p-late.json', '--json'],
    // tsc's output, unbundled: what the bundle saves
    unbundled: ['dist/cli/main.js', 'analyze', 'examples/classic-6p-late.json', '--json'],
  };
  const times: Record<keyof typeof commands, number[]> = { node: [], cli: [], unbundled: [] };
  for (const args of Object.values(commands)) wallMs(args); // file caches warm
  for (let r = 0; r < rounds; r++) {
    for (const [name, args] of Object.entries(commands)) times[name as keyof typeof commands].push(wallMs(args));
  }
  const node = median(times.node);
  const cli = median(times.cli);
  const unbundled = median(times.unbundled);
  return { rounds, command: `node ${commands.cli.join(' ')}`, nodeMs: node, cliMs: cli, unbundledMs: unbundled, ratio: cli / node, unbundledRatio: unbundled / node };
}
