// The symbolic epistemic engine measured (`npm run bench -- --symbolic-only`):
// - the README's three formulas as a user runs them: the whole `cluedo knows` process against
//   `cluedo analyze` on the same log, interleaved round by round (median ratio, target ≤ 2×), and
//   the knows process's peak memory (target < 150 MB); the same with `--engine explicit`, the model
//   the command built before the symbolic engine existed;
// - formulas of every operator, nested to depth 3, and common knowledge among all six seats, at
//   classic six-player turn 0 (a spectator's and an observer's log) and after classic-6p-early:
//   each exact, its time and the diagrams' peak nodes (target each ≤ 10 s and 2 GB), the law's
//   nodes after each event;
// - the Java game (60,480 worlds) and the largest explicit model of bench/epistemic.ts, symbolic
//   against explicit side by side: the build, a C formula, a depth-3 formula.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseGame } from '../src/io/log.js';
import { CLASSIC_DECK, makeDeck } from '../src/model/deck.js';
import { defaultHandSizes, type Game } from '../src/model/game.js';
import { DEFAULT_RULES } from '../src/model/rules.js';
import { textQueries } from '../src/epistemic/queries.js';
import { modalDepth } from '../src/epistemic/language/formula.js';
import { SymbolicEngine } from '../src/epistemic/symbolic/engine.js';
import { ExplicitEngine } from '../src/epistemic/explicit/engine.js';
import type { Semantics } from '../src/epistemic/semantics.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CLI = 'dist/cli/cluedo.mjs';
/** Bytes a diagram node takes: 20 in the node table, 4 in the unique table (bdd.ts). */
const NODE_BYTES = 24;

export interface ProcessFigures {
  engine: string;
  knowsMs: number;
  analyzeMs: number;
  /** Median over the rounds of knows / analyze, each round's pair run back to back. */
  ratio: number;
  knowsMaxRssMB: number;
  analyzeMaxRssMB: number;
}

export interface FormulaRow {
  position: string;
  formula: string;
  depth: number;
  seconds: number;
  probability: number;
  known: boolean | null;
  peakNodes: number;
}

export interface PositionRow {
  position: string;
  worlds: string;
  variables: number;
  buildSeconds: number;
  lawNodesAfterEvent: number[];
}

export interface SideBySide {
  model: string;
  worlds: string;
  engine: 'symbolic' | 'explicit';
  buildMs: number;
  commonMs: number;
  depth3Ms: number;
  answers: string;
}

export interface SymbolicBench {
  process: ProcessFigures[];
  positions: PositionRow[];
  formulas: FormulaRow[];
  sideBySide: SideBySide[];
}

// ---- 1. The whole process ----------------------------------------------------------------------
const README_LOG = 'examples/classic-6p-late.json';
const README_FORMULAS = ['K[P1] has(envelope, Mustard)', 'Kenv[P0]', 'M[P0] has(P5, Library)'];
/** Prints the process's peak resident memory (kB) on stderr as it exits. */
const MAX_RSS = `data:text/javascript,process.on('exit',()=>process.stderr.write('maxrss '+process.resourceUsage().maxRSS+'\\n'))`;

function run(args: string[]): { ms: number; maxRssMB: number } {
  const t = performance.now();
  const r = spawnSync(process.execPath, ['--import', MAX_RSS, CLI, ...args], { cwd: ROOT, encoding: 'utf8' });
  const ms = performance.now() - t;
  if (r.status !== 0) throw new Error(`cluedo ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  const kb = Number(/maxrss (\d+)/.exec(r.stderr)?.[1]);
  return { ms, maxRssMB: kb / 1024 };
}

/** Each figure's line as it is measured (the slow ones take minutes on a loaded machine), or nothing. */
let live: ((line: string) => void) | null = null;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function benchProcess(engine: string, rounds: number): ProcessFigures {
  const knowsArgs = ['knows', README_LOG, ...README_FORMULAS, ...(engine === 'auto' ? [] : ['--engine', engine])];
  run(knowsArgs); // warm-up: the file cache
  run(['analyze', README_LOG]);
  const knows: Array<{ ms: number; maxRssMB: number }> = [];
  const analyze: Array<{ ms: number; maxRssMB: number }> = [];
  for (let i = 0; i < rounds; i++) {
    knows.push(run(knowsArgs));
    analyze.push(run(['analyze', README_LOG]));
  }
  const figures: ProcessFigures = {
    engine,
    knowsMs: median(knows.map((k) => k.ms)),
    analyzeMs: median(analyze.map((a) => a.ms)),
    ratio: median(knows.map((k, i) => k.ms / analyze[i].ms)),
    knowsMaxRssMB: Math.max(...knows.map((k) => k.maxRssMB)),
    analyzeMaxRssMB: Math.max(...analyze.map((a) => a.maxRssMB)),
  };
  live?.(processLine(figures));
  return figures;
}

// ---- 2. Every operator at full size ------------------------------------------------------------
const ALL = 'P0,P1,P2,P3,P4,P5';
/** Depth 1 to 3 of K, then each operator nested to depth 3, then common knowledge among all six seats. */
export const FULL_SIZE_FORMULAS = [
  'K[P1] !has(envelope, Knife)',
  'K[P1] K[P2] !has(envelope, Knife)',
  'K[P1] K[P2] K[P3] !has(envelope, Knife)',
  'M[P1] M[P2] M[P3] has(P4, Knife)',
  'E[P1,P2] E[P3,P4] E[P0,P5] !has(envelope, Library)',
  'D[P1,P2] K[P3] M[P4] has(envelope, Knife)',
  'C[P0,P1] K[P2] M[P3] has(P4, Knife)',
  'K[P1] M[P2] Kenv[P3]',
  '[!K[P1] has(P2, Knife)] K[P3] M[P4] has(envelope, Knife)',
  '[P1,P2 ? has(P3, Knife)] K[P1] M[P2] has(P3, Knife)',
  `C[${ALL}] !has(envelope, Library)`,
  `C[${ALL}] !Kenv[P1]`,
  `C[${ALL}] M[P1] has(envelope, Knife)`,
];

function classicTurn0(me: number | null): Game {
  const early = loadLog('classic-6p-early');
  return {
    deck: CLASSIC_DECK,
    players: ['P0', 'P1', 'P2', 'P3', 'P4', 'P5'],
    handSizes: defaultHandSizes(18, 6),
    faceUp: [],
    me,
    myHand: me === null ? [] : early.myHand,
    events: [],
    rules: DEFAULT_RULES,
    deal: null,
  };
}

function loadLog(name: string): Game {
  return parseGame(JSON.parse(readFileSync(new URL(`../examples/${name}.json`, import.meta.url), 'utf8')));
}

function benchFullSize(): { positions: PositionRow[]; formulas: FormulaRow[] } {
  const positions: Array<[string, Game]> = [
    ['classic 6p, turn 0, spectator', classicTurn0(null)],
    ['classic 6p, turn 0, P0', classicTurn0(0)],
    ['classic-6p-early (P0, 6 events)', loadLog('classic-6p-early')],
  ];
  // Warm-up: the engine's code compiled on a position of its own.
  const late = loadLog('classic-6p-late');
  const warm = new SymbolicEngine(late, late.events.length);
  warm.probability(textQueries([FULL_SIZE_FORMULAS[2]], warm.game, null)[0].formula);
  warm.dispose();

  const rows: PositionRow[] = [];
  const formulas: FormulaRow[] = [];
  for (const [position, game] of positions) {
    const engine = new SymbolicEngine(game, game.events.length, { sizes: true });
    const worlds = engine.worlds;
    const s = engine.stats();
    rows.push({ position, worlds: worlds.toString(), variables: s.variables, buildSeconds: s.seconds, lawNodesAfterEvent: s.lawNodesAfterEvent });
    live?.(positionLine(rows.at(-1)!));
    for (const { formula, text } of textQueries(FULL_SIZE_FORMULAS, game, null)) {
      const t = performance.now();
      const { probability, known } = engine.probability(formula);
      const seconds = (performance.now() - t) / 1000;
      formulas.push({ position, formula: text, depth: modalDepth(formula), seconds, probability, known, peakNodes: engine.stats().peakNodes });
      live?.(formulaLine(formulas.at(-1)!));
    }
    engine.dispose();
  }
  return { positions: rows, formulas };
}

// ---- 3. Symbolic against explicit on the explicit engine's games -------------------------------
function sideBySide(model: string, game: Game, common: string, depth3: string): SideBySide[] {
  const queries = textQueries([common, depth3], game, null);
  const engines: Array<['symbolic' | 'explicit', () => Semantics & { worlds: unknown; dispose(): void }]> = [
    ['explicit', () => new ExplicitEngine(game, game.events.length, { maxWorlds: 20_000_000 })],
    ['symbolic', () => new SymbolicEngine(game, game.events.length)],
  ];
  return engines.map(([name, make]) => {
    make().dispose(); // warm-up of the code, not of the model
    const engine = make();
    try {
      const t0 = performance.now();
      const worlds = String(engine.worlds);
      const t1 = performance.now();
      const answer = (f: (typeof queries)[number]) => (game.deal === null ? engine.probability(f.formula).probability.toFixed(6) : String(engine.value(f.formula)));
      const c = answer(queries[0]);
      const t2 = performance.now();
      const d = answer(queries[1]);
      const t3 = performance.now();
      const row: SideBySide = { model, worlds, engine: name, buildMs: t1 - t0, commonMs: t2 - t1, depth3Ms: t3 - t2, answers: `${c}, ${d}` };
      live?.(sideLine(row));
      return row;
    } finally {
      engine.dispose();
    }
  });
}

function benchSideBySide(): SideBySide[] {
  const java = parseGame(JSON.parse(readFileSync(new URL('../examples/epistemic/java-game.json', import.meta.url), 'utf8')));
  const someone = java.players.map((p) => `has(${p}, c00)`).join(' | ');
  const deck = makeDeck({ A: ['A0', 'A1', 'A2', 'A3', 'A4'], B: ['B0', 'B1', 'B2', 'B3', 'B4'], C: ['C0', 'C1', 'C2', 'C3', 'C4'] });
  const large: Game = { deck, players: ['x', 'y', 'z'], handSizes: [4, 4, 4], faceUp: [], me: null, myHand: [], events: [], rules: DEFAULT_RULES, deal: null };
  return [
    ...sideBySide('the Java game (full record)', java, `C[${java.players.join(',')}] (has(envelope, c00) | ${someone})`, `K[${java.players[0]}] M[${java.players[1]}] K[${java.players[2]}] !has(envelope, c00)`),
    ...sideBySide('3 seats, 3 × 5 cards, spectator', large, 'C[x,y,z] !has(envelope, A0) | M[x] has(envelope, A0)', 'K[x] M[y] K[z] !has(envelope, A0)'),
  ];
}

/** The figures (no rounds: no process figures); with `print`, each line printed as it is measured (then printSymbolic is not needed). */
export function benchSymbolic(rounds = 5, print = false): SymbolicBench {
  live = print ? (line) => console.log(line) : null;
  live?.(PROCESS_TITLE);
  const processes = rounds === 0 ? [] : [benchProcess('auto', rounds), benchProcess('explicit', Math.min(rounds, 3))];
  live?.(SIDE_TITLE);
  const sides = benchSideBySide();
  live?.(FULL_SIZE_TITLE);
  const { positions, formulas } = benchFullSize();
  return { process: processes, positions, formulas, sideBySide: sides };
}

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

const PROCESS_TITLE = "\nSymbolic epistemic engine: the README's three formulas, the whole process (targets: ≤ 2× analyze, < 150 MB)";
const SIDE_TITLE = '\nSymbolic against explicit (build, a C formula, a depth-3 formula)';
const FULL_SIZE_TITLE = '\nEvery operator at full size (targets: each ≤ 10 s and 2 GB of diagrams)';

function processLine(p: ProcessFigures): string {
  const ok = p.engine !== 'auto' ? '' : p.ratio <= 2 && p.knowsMaxRssMB < 150 ? '  ✓' : '  ✗ target missed';
  return `  knows --engine ${p.engine}: ${fmt(p.knowsMs)} ms, max RSS ${fmt(p.knowsMaxRssMB)} MB; analyze ${fmt(p.analyzeMs)} ms, ${fmt(p.analyzeMaxRssMB)} MB; median ratio ${fmt(p.ratio, 1)}×${ok}`;
}

function positionLine(pos: PositionRow): string {
  return `  ${pos.position}: ${pos.worlds} worlds, ${pos.variables} variables, built in ${fmt(pos.buildSeconds, 2)} s; law nodes after each event: ${pos.lawNodesAfterEvent.join(' ') || '(no events)'}`;
}

function formulaLine(f: FormulaRow): string {
  const ok = f.seconds <= 10 && f.peakNodes * NODE_BYTES < 2 ** 31 ? '✓' : '✗';
  return `    ${ok} depth ${f.depth}  ${fmt(f.seconds, 2).padStart(7)} s  peak ${fmt(f.peakNodes).padStart(11)} nodes  P = ${f.probability.toFixed(6)}${f.known ? ' (known)' : ''}  ${f.formula}`;
}

function sideLine(s: SideBySide): string {
  return `  ${s.model}, ${s.worlds} worlds, ${s.engine.padEnd(8)}: build ${fmt(s.buildMs, 1)} ms, C ${fmt(s.commonMs, 1)} ms, depth 3 ${fmt(s.depth3Ms, 1)} ms (answers ${s.answers})`;
}

export function printSymbolic(b: SymbolicBench): void {
  console.log(PROCESS_TITLE);
  for (const p of b.process) console.log(processLine(p));
  console.log(SIDE_TITLE);
  for (const s of b.sideBySide) console.log(sideLine(s));
  console.log(FULL_SIZE_TITLE);
  for (const pos of b.positions) {
    console.log(positionLine(pos));
    for (const f of b.formulas.filter((r) => r.position === pos.position)) console.log(formulaLine(f));
  }
}
