// The explanation of an impossible log at 10,000 and 100,000 events (test/support/impossible-logs.ts:
// Bob shows the observer a card he cannot hold, after the events that show his hand): the
// contradiction at the end, in the middle with Bob's cards shown far apart, and early. For each, the
// explanation alone in this thread (gameContradiction: the first event without a deal, the events
// it conflicts with, the likeliest mistakes) with the consistency questions it asked and the facts
// it read into stores, and `cluedo analyze` on the log in a process of its own (reading and checking
// the log too), against the same log without its impossible event, which the command answers.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gameContradiction } from '../src/analysis/contradiction.js';
import type { Work } from '../src/analysis/minimal-events.js';
import { KnowledgeCore } from '../src/knowledge/wasm-core.js';
import { parseGame } from '../src/io/log.js';
import { impossibleLog } from '../test/support/impossible-logs.js';
import { runCli } from './large-positions.js';

export const LENGTHS = [10_000, 100_000];
const PLACES = [
  { place: 'at the end', bad: (n: number) => n - 1, spread: false },
  { place: 'in the middle, spread', bad: (n: number) => n / 2, spread: true },
  { place: 'early (event 11)', bad: () => 10, spread: false },
];

export interface ContradictionRow {
  events: number;
  place: string;
  /** The event named (numbered from 1), and how many earlier events it conflicts with. */
  event: number;
  conflicts: number;
  /** The explanation alone, in this thread, and its work. */
  explainSeconds: number;
  work: Work;
  /** `cluedo analyze` on the log, and on the log without its impossible event. */
  cliSeconds: number;
  cliPeakMemoryMB: number;
  possibleCliSeconds: number;
}

export async function benchContradiction(): Promise<ContradictionRow[]> {
  const dir = mkdtempSync(join(tmpdir(), 'cluedo-contradiction-'));
  const core = KnowledgeCore.create();
  try {
    const rows: ContradictionRow[] = [];
    for (const events of LENGTHS) {
      for (const { place, bad, spread } of PLACES) {
        const log = impossibleLog({ events, bad: bad(events), spread });
        const game = parseGame(log);
        const work: Work = { checks: 0, facts: 0 };
        const started = performance.now();
        const found = gameContradiction(game, core, { work })!;
        const explainSeconds = (performance.now() - started) / 1000;
        const file = join(dir, 'impossible.json');
        writeFileSync(file, JSON.stringify(log));
        const run = await runCli(['analyze', file]);
        if (run.exitCode !== 1) throw new Error(`cluedo analyze exited with ${run.exitCode} on an impossible log`);
        const possible = join(dir, 'possible.json');
        writeFileSync(possible, JSON.stringify({ ...log, events: log.events.filter((_, i) => i !== bad(events)) }));
        const possibleRun = await runCli(['analyze', possible]);
        if (possibleRun.exitCode !== 0) throw new Error(`cluedo analyze exited with ${possibleRun.exitCode} on a possible log`);
        rows.push({
          events,
          place,
          event: found.event,
          conflicts: found.conflicts.length,
          explainSeconds,
          work,
          cliSeconds: run.seconds,
          cliPeakMemoryMB: run.peakMemoryMB,
          possibleCliSeconds: possibleRun.seconds,
        });
      }
    }
    return rows;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function printContradiction(rows: ContradictionRow[]): void {
  const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
  console.log('\nAn impossible log explained: the explanation alone, in this thread; `cluedo analyze` in a process of its own, and on the log without its impossible event');
  for (const r of rows) {
    console.log(
      `  ${fmt(r.events).padStart(7)} events, ${r.place.padEnd(22)} event ${String(r.event).padStart(6)}, ${String(r.conflicts).padStart(2)} conflicting   explanation ${fmt(r.explainSeconds, 2).padStart(5)} s (${fmt(r.work.checks)} checks, ${fmt(r.work.facts)} facts)   cluedo analyze ${fmt(r.cliSeconds, 1).padStart(4)} s, ${fmt(r.cliPeakMemoryMB)} MB (possible log ${fmt(r.possibleCliSeconds, 1)} s)`,
    );
  }
}
