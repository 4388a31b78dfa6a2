// `npm run bench [-- --json FILE] [-- --time MS]`: the knowledge core's speed, measured side by side
// in one run on one thread: the Wasm check vs the plain TypeScript one, exact inference latency
// per example, exactly-uniform sampling vs rejection sampling at three stages of a game, and the
// card-by-card exact counter vs the seat-by-seat one, the worker pool with 1 and 2 threads, simulated games per second,
// the CLI's start-up against a bare `node -e 0`, and the policy-aware analysis against the default
// (`-- --responses-only` for that alone), and the browser advisor in headless Chromium (`-- --web-only`);
// the job queue (BullMQ on a local redis-server) with `-- --queue-only`; agents from outside (a
// Python program over the process protocol, a module, against a built-in agent; `-- --agents-only`);
// the advice at the table: which card to show, whether to accuse, an edit of turn 1 of 40, the view
// after an entry (`-- --advice-only`); an impossible log of 10,000 and 100,000 events explained
// (`-- --contradiction-only`); exact knowledge (the symbolic engine) against today's estimates of the
// opponents' knowledge and the rational analysis on simulated games (`-- --exact-knowledge-only`);
// the symbolic epistemic engine at full size: the README's formulas as a whole process against
// analyze, every operator at depth 3, symbolic against explicit (`-- --symbolic-only`); the
// command line's start-up alone, as installed and from the clone (`-- --startup-only`).
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import { Bench, type Task } from 'tinybench';
import { KnowledgeCore } from '../src/knowledge/wasm-core.js';
import { checkDeals, compileStore } from '../baselines/deal-check.js';
import { BaselineCore } from '../baselines/baseline-core.js';
import { constraintsOf } from '../src/knowledge/constraints-of.js';
import { parseGame } from '../src/io/log.js';
import type { Game } from '../src/model/game.js';
import { analyze } from '../src/analysis/analyze.js';
import { benchCountingApproaches } from './counting-approaches.js';
import { benchPool } from './pool.js';
import { benchSimulate } from './simulate.js';
import { benchStartup } from './startup.js';
import { benchLargePositions } from './large-positions.js';
import { BASELINE_REF, benchBeforeAfter, beforeAfterLines } from './before-after.js';
import { benchEpistemic, type EpistemicBench } from './epistemic.js';
import { benchOpponents, type OpponentsBench } from './opponents.js';
import { benchResponses, type ResponsesBenchRow } from './responses.js';
import { benchBoard, type BoardBench } from './board.js';
import { benchWeb, printWeb } from './web.js';
import { benchQueue, printQueue } from './queue.js';
import { benchAgents, printAgents } from './agents.js';
import { benchAdvice, printAdvice } from './advice.js';
import { benchContradiction, printContradiction } from './contradiction.js';
import { benchExactKnowledge, printExactKnowledge } from './exact-knowledge.js';
import { benchSymbolic, printSymbolic } from './symbolic.js';

const { values: args } = parseArgs({
  options: {
    json: { type: 'string' },
    time: { type: 'string', default: '1000' },
    /** The commit the games per second are compared with; "none" skips the comparison. */
    compare: { type: 'string', default: BASELINE_REF },
    /** Run only the epistemic layer's figures (quick). */
    'epistemic-only': { type: 'boolean', default: false },
    /** Run only the policy-aware inference figures (quick). */
    'responses-only': { type: 'boolean', default: false },
    /** Run only the board's figures (games per second on the board vs the card game, path tables). */
    'board-only': { type: 'boolean', default: false },
    /** Run only the browser advisor's figures (headless Chromium: entry to notebook, first load). */
    'web-only': { type: 'boolean', default: false },
    /** Run only the job queue's figures (a redis-server on a loopback port; skipped without one). */
    'queue-only': { type: 'boolean', default: false },
    /** Run only the figures of agents from outside (a Python program, a module; skipped without python3). */
    'agents-only': { type: 'boolean', default: false },
    /** Run only the timings of the advice at the table (which card to show, whether to accuse, an edit, an entry). */
    'advice-only': { type: 'boolean', default: false },
    /** Run only exact knowledge (the symbolic engine) against today's estimates of the opponents' knowledge and the rational analysis. */
    'exact-knowledge-only': { type: 'boolean', default: false },
    /** Run only the explanation of impossible logs of 10,000 and 100,000 events. */
    'contradiction-only': { type: 'boolean', default: false },
    /** Run only the symbolic epistemic engine's figures (needs `npm run build`: it runs dist/cli). */
    'symbolic-only': { type: 'boolean', default: false },
    /**
     * Run only the speed targets, side by side against --compare: one entropy agent, and one
     * planner, among deductive ones as a share of deductive agents' games per second (six, four
     * and three players, the board), and the command line's start-up.
     */
    'targets-only': { type: 'boolean', default: false },
    /** Run only the command line's start-up: the installed package's `cluedo` against `node -e 0`, and the same from the clone. */
    'startup-only': { type: 'boolean', default: false },
  },
});
const TIME = Number(args.time);
const EXAMPLES = new URL('../examples/', import.meta.url);

function loadExample(name: string): Game {
  return parseGame(JSON.parse(readFileSync(new URL(`${name}.json`, EXAMPLES), 'utf8')));
}

function median(task: Task): number {
  const r = task.result as { latency: { p50: number } };
  return r.latency.p50; // milliseconds
}

function perSecond(task: Task): number {
  return 1000 / median(task);
}

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

// ---- 1. Consistency checks: Wasm vs plain TypeScript on the same deals --------------------------
async function benchCheck() {
  const game = loadExample('classic-6p-late');
  const store = constraintsOf(game);
  const core = KnowledgeCore.create().load(store);
  const n = 4096;
  const width = game.players.length + 2;
  // Half consistent deals, half near misses (two cards swapped between owners): both paths.
  const deals = core.sample(n, 7);
  for (let i = 0; i < n; i += 2) {
    const a = i * width + (i % width);
    const b = i * width + ((i + 1) % width);
    const x = deals[a] & -deals[a];
    const y = deals[b] & -deals[b];
    deals[a] = ((deals[a] & ~x) | y) >>> 0;
    deals[b] = ((deals[b] & ~y) | x) >>> 0;
  }
  const compiled = compileStore(store);
  core.dealBuffer(n).set(deals); // the deals live in Wasm memory; the check reads them in place
  const expected = checkDeals(compiled, deals);
  if (core.checkInPlace(n) !== expected) throw new Error('Wasm and TypeScript checks disagree');

  const bench = new Bench({ name: 'consistency check', time: TIME });
  bench.add('wasm', () => core.checkInPlace(n));
  bench.add('typescript', () => checkDeals(compiled, deals));
  await bench.run();
  const [wasm, ts] = bench.tasks;
  const wasmRate = perSecond(wasm) * n;
  const tsRate = perSecond(ts) * n;
  return { position: 'classic-6p-late', batch: n, consistentShare: expected / n, wasmChecksPerSec: wasmRate, typescriptChecksPerSec: tsRate, ratio: wasmRate / tsRate };
}

// ---- 2. Exact inference latency on every example, after warm-up ---------------------------------
async function benchInference() {
  const names = readdirSync(EXAMPLES).filter((f) => f.endsWith('.json') && !f.includes('.expected')).map((f) => f.replace(/\.json$/, '')).sort();
  const core = KnowledgeCore.create();
  const bench = new Bench({ name: 'exact inference', time: TIME / 2, warmup: true, warmupTime: 200 });
  const games = new Map(names.map((name) => [name, loadExample(name)]));
  for (const [name, game] of games) bench.add(name, () => analyze(game, { core }));
  await bench.run();
  return bench.tasks.map((task) => {
    const game = games.get(task.name)!;
    using position = core.load(constraintsOf(game));
    return { example: task.name, medianMs: median(task), consistentDeals: Number(position.count()), dagNodes: position.dagSize().nodes, dagEdges: position.dagSize().edges };
  });
}

// ---- 3. Exactly uniform deals vs rejection sampling ---------------------------------------------
async function benchSampling() {
  const stages: Array<[string, string]> = [
    ['early', 'classic-6p-early'],
    ['mid', 'classic-5p-mid'],
    ['late', 'classic-6p-late'],
  ];
  const rows = [];
  for (const [stage, name] of stages) {
    const store = constraintsOf(loadExample(name));
    const core = KnowledgeCore.create();
    const position = core.load(store);
    const baselines = new BaselineCore().load(store);
    const batch = 8192;
    const attempts = 100_000;
    core.seed(1);
    baselines.seed(1);
    // Acceptance of rejection sampling, over a fixed budget of attempts (in the Wasm core too).
    const acceptanceAttempts = 2_000_000;
    const accepted = baselines.rejectionSample(acceptanceAttempts).accepted;
    const bench = new Bench({ name: `sampling ${stage}`, time: TIME });
    bench.add('dag sampler', () => position.sampleView(batch));
    bench.add('rejection', () => baselines.rejectionSample(attempts));
    await bench.run();
    const [dag, rej] = bench.tasks;
    const samplerRate = perSecond(dag) * batch;
    const attemptRate = perSecond(rej) * attempts;
    const acceptance = accepted / acceptanceAttempts;
    // With no acceptance at all, bound the rate by 3 acceptances (a 95% Poisson upper bound).
    const rejectionRate = attemptRate * Math.max(accepted, 3) / acceptanceAttempts;
    rows.push({
      stage,
      position: name,
      consistentDeals: Number(position.count()),
      samplerDealsPerSec: samplerRate,
      rejectionAttemptsPerSec: attemptRate,
      rejectionAcceptance: acceptance,
      rejectionDealsPerSec: accepted > 0 ? attemptRate * acceptance : null,
      rejectionDealsPerSecUpperBound: rejectionRate,
      speedup: samplerRate / rejectionRate,
      speedupIsLowerBound: accepted < 3,
    });
  }
  return rows;
}

function printEpistemic(e: EpistemicBench, opponents: OpponentsBench[]): void {
  console.log('\nEpistemic layer, explicit Kripke models (targets: OTTER course ≤ 50 ms, the Java game\'s C formula ≤ 100 ms)');
  console.log(`  OTTER course (576 deals): all ${e.otter.claims} claims, each after its own number of events   ${fmt(e.otter.ms, 1)} ms`);
  console.log(`  Java game (${fmt(e.java.worlds)} worlds): build ${fmt(e.java.buildMs, 1)} ms, one showcard ${fmt(e.java.showcardMs, 1)} ms, C over the 4 agents ${fmt(e.java.commonMs, 1)} ms (${e.java.commonValue}, ${e.java.component} component)`);
  console.log(`  ${e.large.deck}: ${fmt(e.large.worlds)} worlds built in ${fmt(e.large.buildMs, 0)} ms, ${fmt(e.large.bytesPerWorld, 0)} bytes a world (so about ${fmt(e.large.largestIn1GB)} worlds in 1 GB); depth-3 ${e.large.formula}: ${fmt(e.large.depth3Ms, 0)} ms`);
  console.log('\nOpponents\' knowledge (analyze --opponents), 1 worker thread vs 2 (target: ≤ 1 s on 2 with standard errors ≤ 0.01, or exact)');
  for (const r of opponents) {
    const how = r.method === 'exact' ? 'exact' : `${fmt(r.samples!)} worlds, SE ≤ ${fmt(r.maxStandardError, 4)}`;
    console.log(`  ${r.example.padEnd(20)} 1: ${fmt(r.oneThreadMs, 0).padStart(6)} ms   2: ${fmt(r.twoThreadsMs, 0).padStart(6)} ms   ${fmt(r.oneThreadMs / r.twoThreadsMs, 2)}×   ${how}`);
  }
}

function printResponses(rows: ResponsesBenchRow[]): void {
  console.log('\nPolicy-aware exact analysis (analyze --responses), median after warm-up, against the default in the same run');
  const cell = (r: ResponsesBenchRow['policies'][string]) => (r === null ? 'impossible'.padStart(20) : `${fmt(r.ms, 3).padStart(8)} ms ${fmt(r.ratio, 2).padStart(5)}×`.padStart(20));
  console.log(`  ${'example'.padEnd(22)} ${'default'.padStart(11)} ${'uniform'.padStart(20)} ${'first'.padStart(20)} ${'repeat'.padStart(20)}`);
  for (const r of rows) console.log(`  ${r.example.padEnd(22)} ${`${fmt(r.defaultMs, 3)} ms`.padStart(11)} ${cell(r.policies.uniform)} ${cell(r.policies.first)} ${cell(r.policies.repeat)}`);
}

if (args['exact-knowledge-only']) {
  printExactKnowledge(benchExactKnowledge());
  process.exit(0);
}

if (args['responses-only']) {
  printResponses(await benchResponses(TIME / 2));
  process.exit(0);
}

function printBoard(b: BoardBench): void {
  console.log('\nSix-player games per second on the classic board next to the card game, 1 thread vs 2 (2d6, exact roll, summons)');
  for (const r of b.rows) {
    console.log(
      `  ${r.agents.padEnd(24)} card 1: ${fmt(r.card.one, 1).padStart(7)}/s  2: ${fmt(r.card.two, 1).padStart(7)}/s   board 1: ${fmt(r.board.one, 1).padStart(7)}/s  2: ${fmt(r.board.two, 1).padStart(7)}/s   board/card ${fmt(r.board.two / r.card.two, 2)}× on 2, 2 vs 1 on the board ${fmt(r.board.two / r.board.one, 2)}×`,
    );
  }
  console.log(`  distance tables (9 BFS from the doors: every cell to every room, room to room) ${fmt(b.distanceTablesMs, 2)} ms, once per process; slowest exact roll of 12 (from (7, 1)) ${fmt(b.worstReachMs, 2)} ms`);
}

if (args['board-only']) {
  printBoard(await benchBoard(TIME));
  process.exit(0);
}

if (args['agents-only']) {
  printAgents(await benchAgents());
  process.exit(0);
}

if (args['advice-only']) {
  printAdvice(benchAdvice());
  process.exit(0);
}

if (args['contradiction-only']) {
  printContradiction(await benchContradiction());
  process.exit(0);
}

function printStartup(startup: ReturnType<typeof benchStartup>): void {
  console.log(`\nCLI start-up, whole process, median of ${startup.rounds} alternating rounds (target ≤ 1.6× node -e 0)`);
  console.log(`  ${startup.command}   ${fmt(startup.cliMs, 0)} ms vs node -e 0 ${fmt(startup.nodeMs, 0)} ms: ${fmt(startup.ratio, 2)}×`);
  console.log(`  cluedo --version (installed)   ${fmt(startup.versionMs, 0)} ms: ${fmt(startup.versionRatio, 2)}×`);
  console.log(`  ${startup.cloneCommand}   ${fmt(startup.cloneMs, 0)} ms: ${fmt(startup.cloneRatio, 2)}×`);
  console.log(`  the same analysis, the whole command line bundled in one file: ${fmt(startup.singleMs, 0)} ms, ${fmt(startup.singleRatio, 2)}×;   unbundled dist/cli/main.js: ${fmt(startup.unbundledMs, 0)} ms, ${fmt(startup.unbundledRatio, 2)}×`);
}

if (args['startup-only']) {
  printStartup(benchStartup());
  process.exit(0);
}

if (args['targets-only']) {
  const result = benchBeforeAfter(args.compare, undefined, undefined, (line) => console.error(line));
  const start = benchStartup();
  console.log(`\nTargets, this tree against ${args.compare}, in one run`);
  for (const line of beforeAfterLines(result)) console.log(`  ${line}`);
  console.log(`  start-up, ${start.command}: ${fmt(start.cliMs, 0)} ms vs node -e 0 ${fmt(start.nodeMs, 0)} ms: ${fmt(start.ratio, 2)}× (target ≤ 1.6×; from the clone: ${fmt(start.cloneRatio, 2)}×; the whole command line in one file: ${fmt(start.singleRatio, 2)}×)`);
  process.exit(0);
}

if (args['queue-only']) {
  printQueue(await benchQueue());
  process.exit(0);
}

if (args['web-only']) {
  printWeb(await benchWeb());
  process.exit(0);
}

if (args['symbolic-only']) {
  benchSymbolic(5, true);
  process.exit(0);
}

if (args['epistemic-only']) {
  printEpistemic(benchEpistemic(), await benchOpponents());
  process.exit(0);
}

const symbolic = benchSymbolic();
const check = await benchCheck();
const inference = await benchInference();
const sampling = await benchSampling();
const counting = await benchCountingApproaches(TIME / 2);
const pool = await benchPool(TIME);
const simulate = await benchSimulate(TIME);
const board = await benchBoard(TIME);
const startup = benchStartup();
const large = await benchLargePositions();
const beforeAfter = args.compare === 'none' ? null : benchBeforeAfter(args.compare);
const epistemic = benchEpistemic();
const opponents = await benchOpponents();
const responses = await benchResponses(TIME / 2);
const web = await benchWeb();
const agents = await benchAgents();
const advice = benchAdvice();
const contradictions = await benchContradiction();
const exactKnowledge = benchExactKnowledge();

console.log(`\nMachine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}; one thread\n`);
console.log('Consistency check (classic-6p-late, 4096 deals, half consistent)');
console.log(`  Wasm        ${fmt(check.wasmChecksPerSec)} checks/s`);
console.log(`  TypeScript  ${fmt(check.typescriptChecksPerSec)} checks/s`);
console.log(`  ratio       ${fmt(check.ratio, 2)}×   (target ≥ 1.5×)\n`);
console.log('Exact inference, median after warm-up (target ≤ 10 ms)');
for (const r of inference) console.log(`  ${r.example.padEnd(24)} ${fmt(r.medianMs, 3).padStart(8)} ms   ${fmt(r.consistentDeals).padStart(16)} deals   DAG ${r.dagNodes} nodes / ${r.dagEdges} edges`);
console.log('\nUniform consistent deals per second (target ≥ 500,000; ≥ 100× rejection late)');
for (const r of sampling) {
  const rej = r.rejectionDealsPerSec === null ? `< ${fmt(r.rejectionDealsPerSecUpperBound, 1)}` : fmt(r.rejectionDealsPerSec, 1);
  console.log(`  ${r.stage.padEnd(6)} ${r.position.padEnd(18)} sampler ${fmt(r.samplerDealsPerSec).padStart(11)}/s   rejection ${rej.padStart(10)}/s (acceptance ${r.rejectionAcceptance.toExponential(2)})   ${r.speedupIsLowerBound ? '≥ ' : ''}${fmt(r.speedup, 0)}×`);
}

console.log('\nExact counting, two approaches (median count latency, same store)');
for (const r of counting) console.log(`  ${r.example.padEnd(24)} card-by-card ${fmt(r.cardByCardMs, 4).padStart(8)} ms   seat-by-seat ${fmt(r.seatBySeatMs, 4).padStart(8)} ms   ${fmt(r.ratio, 1)}×`);

console.log('\nWorker pool, 1 thread vs 2');
console.log(`  sampled deals/s (2,000,000-deal request, classic-6p-early)   1: ${fmt(pool.samplingDealsPerSec.oneThread)}   2: ${fmt(pool.samplingDealsPerSec.twoThreads)}   ${fmt(pool.samplingDealsPerSec.speedup, 2)}×`);
for (const d of pool.decision) {
  console.log(`  decision, 20,000 samples, 324 suggestions, ${d.position.padEnd(17)} 1: ${fmt(d.oneThreadMs, 1)} ms   2: ${fmt(d.twoThreadsMs, 1)} ms   ${fmt(d.speedup, 2)}×   (target ≤ 50 ms on 2)`);
}
console.log(`  decision, 200,000 samples, classic-6p-early               1: ${fmt(pool.largeDecision.oneThreadMs, 1)} ms   2: ${fmt(pool.largeDecision.twoThreadsMs, 1)} ms   ${fmt(pool.largeDecision.speedup, 2)}×   (target ≥ 1.7×)`);
console.log(`  per-task overhead: one 8,192-deal chunk ${fmt(pool.taskOverhead.chunkInProcessMs, 2)} ms in process, ${fmt(pool.taskOverhead.chunkThroughPoolMs, 2)} ms through the pool`);
console.log('\nSimulated six-player games per second, 1 thread vs 2 (targets: ≥ 200 deductive, ≥ 10 with one entropy agent, on 2)');
for (const r of simulate) console.log(`  ${r.agents.padEnd(24)} 1: ${fmt(r.oneThreadGamesPerSec, 1).padStart(7)}/s   2: ${fmt(r.twoThreadsGamesPerSec, 1).padStart(7)}/s   ${fmt(r.speedup, 2)}×`);

printStartup(startup);

console.log('\n10-seat, 32-card spectator positions, `cluedo analyze --json` in a process of its own (targets: ≤ 20 s, ≤ 1.5 GB)');
for (const r of large) {
  const answer = r.method === 'exact' ? `exact, ${r.consistentDeals} deals` : r.method === 'sampled' ? `sampled (${fmt(r.samples!)} draws from the DAG of ${r.consistentDeals} deals)` : r.method === 'mcmc' ? `mcmc (${fmt(r.samples!)} draws)` : `failed (exit ${r.exitCode})`;
  console.log(`  seed ${r.seed}, ${String(r.refutations).padStart(2)} unseen refutations (${String(r.events).padStart(3)} events)  ${fmt(r.seconds, 1).padStart(5)} s  ${fmt(r.peakMemoryMB).padStart(5)} MB  ${answer}`);
}
if (beforeAfter) {
  console.log('');
  for (const line of beforeAfterLines(beforeAfter)) console.log(line);
}

printEpistemic(epistemic, opponents);
printBoard(board);
printResponses(responses);

printWeb(web);
printAgents(agents);
printAdvice(advice);
printContradiction(contradictions);
printExactKnowledge(exactKnowledge);
printSymbolic(symbolic);

if (args.json) {
  const out = { symbolic, web, agents, advice, contradictions, exactKnowledge, board, epistemic, opponents, responses, date: new Date().toISOString(), node: process.version, cpu: cpus()[0]?.model, cores: cpus().length, check, inference, sampling, counting, pool, simulate, startup, large, beforeAfter };
  writeFileSync(args.json, `${JSON.stringify(out, null, 2)}\n`);
  console.log(`\nwrote ${args.json}`);
}
