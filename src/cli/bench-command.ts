// cluedo bench: how fast this machine runs the knowledge core and the agents, as throughputs
// (bench-workloads.ts), each timed after a warm-up to a time budget (bench-measure.ts), in this
// thread and, where the work runs in parallel, on a worker pool of every core; printed as a table,
// as JSON, or as ratios against an earlier run's JSON (bench-report.ts). On the standard workloads,
// or on the user's own logs (--log).
import { Command, Option } from 'commander';
import type { KnowledgeCore } from '../knowledge/wasm-core.js';
import type { Executor } from '../runtime/executor.js';
import type { WorkerPool } from '../runtime/pool.js';
import { CancelledError } from '../runtime/executor.js';
import { didYouMean } from '../model/names.js';
import { quote, joinList } from '../model/quote.js';
import { counted } from '../model/numbers.js';
import type { Workload, PoolKind } from './bench-workloads.js';
import type { BenchRow, BenchRun, Skipped } from './bench-run.js';
import type { Side } from './bench-report.js';
import { UsageError, printLine } from './errors.js';
import { cancelledWords, interruptedExitCode, withCancellation } from './cancel.js';
import { nameList, noteThreads, path, repeatable, secondsValue, threadCount } from './options.js';
import { writeStdout } from './output.js';
import { ProgressLines } from './progress.js';
import { packageVersion } from './program.js';
import { given } from './option-rules.js';

/** The default time budget of a figure: the whole default run stays under 30 s on two cores. */
const DEFAULT_SECONDS = 1;
const MAX_SECONDS = 3600;

interface BenchOptions {
  only?: string[];
  log?: string[];
  time: number;
  threads?: number;
  json?: boolean;
  compare?: string[];
  progress?: boolean;
}

/** A workload to measure, and the log it works on (null: a standard workload). */
interface Planned {
  log: string | null;
  workload: Workload;
}

/** What one run of bench does, read from its options. */
type BenchRequest =
  | { kind: 'files'; old: Side; now: Side }
  | { kind: 'run'; core: KnowledgeCore; planned: Planned[]; skipped: Skipped[]; seconds: number; threads: number; json: boolean; progress: boolean; old: Side | null };

/** The options that say what to measure and how: none of them applies to two runs read from files. */
const MEASURING = ['--log', '--time', '--threads', '--progress'];

export function benchCommand(): Command {
  return new Command('bench')
    .description('measure how fast this machine runs the engine: deals checked, analyses, deals drawn, decisions and games per second')
    .option('--only <workloads>', 'measure only these workloads, or kinds of workload (check, analyze, sample, decide, games), separated by commas', nameList('--only'))
    .option('--log <log.json>', "measure the workloads that apply to this game log's position instead of the standard ones; repeatable", repeatable(path('--log')))
    .option('--time <seconds>', 'the time budget of each figure, after a warm-up of a quarter of it', secondsValue('--time', MAX_SECONDS), DEFAULT_SECONDS)
    .option('--threads <t>', 'worker threads of the parallel figures (default: all cores)', threadCount)
    .addOption(new Option('--json', 'print the run as JSON (see docs/cli/bench.md)').conflicts('compare'))
    .option('--compare <files...>', "print each figure's ratio new/old: of this run over an earlier run's --json file, or, given two files, of the second over the first")
    .option('--progress', 'print a progress line on stderr as each figure starts (on a terminal, one line is shown anyway)')
    .action(async (opts: BenchOptions, self: Command) => runBench(await benchRequest(opts, self)));
}

/** The request of one run: every file read and checked, every name of --only known, before anything is timed. */
async function benchRequest(opts: BenchOptions, command: Command): Promise<BenchRequest> {
  const compare = opts.compare ?? [];
  if (compare.length > 2) throw new UsageError(`--compare takes one file (an earlier run, compared with this one) or two (the old run and the new), got ${compare.length}`);
  const { readBenchRun } = await import('./bench-run.js');
  const sides = compare.map((file) => ({ name: file, run: readBenchRun(file) }));
  if (sides.length === 2) {
    const measuring = MEASURING.find((flag) => given(command, flag));
    if (measuring !== undefined) throw new UsageError(`${measuring}: nothing is measured when --compare is given two files`);
    checkOnly(opts.only, namesOf(sides.flatMap((s) => s.run.workloads)));
    const [old, now] = sides.map((side) => onlyKept(side, opts.only));
    return { kind: 'files', old, now };
  }
  const [{ KnowledgeCore }, { standardWorkloads, readBenchLog, logWorkloads }, { maxThreads }] = await Promise.all([
    import('../knowledge/wasm-core.js'),
    import('./bench-workloads.js'),
    import('../runtime/pool.js'),
  ]);
  const core = KnowledgeCore.create();
  const logs = opts.log ?? [];
  let planned: Planned[];
  let skipped: Skipped[] = [];
  if (logs.length === 0) planned = standardWorkloads().map((workload) => ({ log: null, workload }));
  else {
    const ofLogs = logs.map((file) => logWorkloads(readBenchLog(file, core)));
    planned = ofLogs.flatMap((o, i) => o.workloads.map((workload) => ({ log: logs[i], workload })));
    skipped = ofLogs.flatMap((o) => o.skipped);
  }
  checkOnly(opts.only, namesOf([...planned.map((p) => p.workload), ...skipped.map((s) => ({ id: s.kind, kind: s.kind }))]));
  await noteThreads(opts.threads);
  return {
    kind: 'run',
    core,
    planned: planned.filter(({ workload }) => kept(opts.only, workload.id, workload.kind)),
    skipped: skipped.filter((s) => kept(opts.only, s.kind, s.kind)),
    seconds: opts.time,
    threads: Math.min(opts.threads ?? maxThreads(), maxThreads()),
    json: opts.json === true,
    progress: opts.progress === true,
    old: sides.length === 0 ? null : onlyKept(sides[0], opts.only),
  };
}

/** Refuses a name of --only that is no workload's id or kind among `names`, with the nearest name. */
function checkOnly(only: string[] | undefined, names: readonly string[]): void {
  const unknown = only?.find((name) => !names.includes(name));
  if (unknown === undefined) return;
  const hint = didYouMean(unknown, names);
  throw new UsageError(`--only: no workload ${quote(unknown)}${hint ? `; ${hint}` : ''} (the workloads: ${joinList([...names])})`);
}

/** Whether --only keeps a workload of this id and kind (every one without --only). */
function kept(only: string[] | undefined, id: string, kind: string): boolean {
  return only === undefined || only.includes(id) || only.includes(kind);
}

/** A run read from a file, with the workloads --only keeps. */
function onlyKept(side: Side, only: string[] | undefined): Side {
  return { ...side, run: { ...side.run, workloads: side.run.workloads.filter((w) => kept(only, w.id, w.kind)) } };
}

/** The kinds of these workloads, then their ids, each once. */
function namesOf(workloads: ReadonlyArray<{ id: string; kind: string }>): string[] {
  return [...new Set([...workloads.map((w) => w.kind), ...workloads.map((w) => w.id)])];
}

async function runBench(request: BenchRequest): Promise<void> {
  const [{ renderComparison, renderRun }, { toJson }] = await Promise.all([import('./bench-report.js'), import('../io/json.js')]);
  if (request.kind === 'files') {
    await writeStdout(`${renderComparison(request.old, request.now)}\n`);
    return;
  }
  const run = await measureAll(request);
  const text = request.old !== null ? renderComparison(request.old, { name: 'this run', run }) : request.json ? toJson(run) : renderRun(run);
  await writeStdout(`${text}\n`);
  if (run.interrupted) {
    printLine(`${cancelledWords()} after ${counted(run.workloads.length, 'workload')} of ${request.planned.length}`);
    process.exitCode = interruptedExitCode();
  }
}

/** Measures every planned workload in turn; an ending signal (Ctrl-C) stops the one under way and keeps those finished. */
async function measureAll(request: Extract<BenchRequest, { kind: 'run' }>): Promise<BenchRun> {
  const [{ measure }, { thisMachine, BENCH_FORMAT, BENCH_VERSION }, { rowLabel }, { inThisThread }, tournamentTasks, { InProcessExecutor }] = await Promise.all([
    import('./bench-measure.js'),
    import('./bench-run.js'),
    import('./bench-report.js'),
    import('../analysis/sampling.js'),
    import('../tournament/tasks.js'),
    import('../runtime/in-process.js'),
  ]);
  const run: BenchRun = {
    format: BENCH_FORMAT,
    version: BENCH_VERSION,
    cluedo: packageVersion(),
    date: new Date().toISOString(),
    machine: thisMachine(),
    seconds: request.seconds,
    interrupted: false,
    workloads: [],
    skipped: request.skipped,
  };
  const inThread: Record<PoolKind, Executor> = { analysis: inThisThread(), tournament: new InProcessExecutor({ [tournamentTasks.TOURNAMENT_TASKS]: tournamentTasks }) };
  const pools = new Pools(request.threads);
  const figures = request.planned.reduce((n, p) => n + (parallel(p.workload, request.threads) ? 2 : 1), 0);
  const progress = progressOf(request.progress, figures);
  try {
    await withCancellation(async (signal) => {
      for (const { log, workload } of request.planned) {
        const label = rowLabel({ id: workload.id, log });
        using prepared = workload.prepare(request.core);
        progress.figure(`${label}, 1 thread`);
        // A workload of one thread only does its work itself: the executor it is given goes unused.
        const one = { threads: 1, ...(await measure(prepared.rounds(inThread[workload.pool ?? 'analysis'], signal), { seconds: request.seconds, signal })) };
        let all: BenchRow['allThreads'] = null;
        if (parallel(workload, request.threads)) {
          progress.figure(`${label}, ${request.threads} threads`);
          const pool = await pools.of(workload.pool!);
          all = { threads: pool.threads, ...(await measure(prepared.rounds(pool, signal), { seconds: request.seconds, signal })) };
        }
        run.workloads.push({ id: workload.id, kind: workload.kind, log, what: prepared.what, unit: workload.unit, consistentDeals: prepared.consistentDeals, oneThread: one, allThreads: all, ratio: all && all.rate / one.rate });
      }
    });
  } catch (e) {
    if (!(e instanceof CancelledError)) throw e;
    run.interrupted = true;
  } finally {
    progress.done();
    await pools.close();
  }
  return run;
}

function parallel(workload: Workload, threads: number): boolean {
  return workload.pool !== null && threads > 1;
}

/** The worker pools of the parallel figures, each started when first needed (its threads start and load their modules during the warm-up). */
class Pools {
  private readonly started = new Map<PoolKind, WorkerPool>();

  constructor(private readonly threads: number) {}

  async of(kind: PoolKind): Promise<WorkerPool> {
    let pool = this.started.get(kind);
    if (pool === undefined) {
      pool = kind === 'analysis' ? (await import('../analysis/pools.js')).analysisPool(this.threads) : (await import('../tournament/pool.js')).tournamentPool(this.threads);
      this.started.set(kind, pool);
    }
    return pool;
  }

  async close(): Promise<void> {
    await Promise.all([...this.started.values()].map((pool) => pool.close()));
  }
}

/** Says which figure is being measured: a line each with --progress; on a terminal, one line rewritten and cleared at the end; else nothing. */
function progressOf(lines: boolean, figures: number): { figure: (what: string) => void; done: () => void } {
  let started = 0;
  if (lines) {
    const out = new ProgressLines('figures', figures);
    return { figure: (what) => out.begin(`${what} (${++started} of ${figures})`), done: () => {} };
  }
  if (!process.stderr.isTTY) return { figure: () => {}, done: () => {} };
  return {
    figure: (what) => process.stderr.write(`\r\x1b[2Kcluedo bench: ${what} (${++started} of ${figures})`),
    done: () => process.stderr.write('\r\x1b[2K'),
  };
}
