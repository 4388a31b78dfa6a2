// The advice a player asks for at the table, timed against its targets: which card to show (50 ms),
// editing turn 1 of a 40-turn six-player game and seeing the notebook again (200 ms), and everything
// the advisor shows after an entry (100 ms); whether to accuse, untargeted. Medians of repeated
// calls after a warm-up, in this thread, on the thread's shared core.
//
// The envelope counts behind which card to show changed method (one pass from each end of the DAG
// instead of two per combination of envelope cards): the card to show and the entry's view are
// also timed with a core counting the old way (KnowledgeCore.setEnvelopeMethod('odometer')), the
// two taking turns, for the ratio.
//
// bench/fixtures/classic-6p-40turns.json is P4's log of the first 40 turns of the six-player game
// `cluedo simulate --players 6 --agents deductive:suggest=any --games 1 --seed 2 --logs DIR` plays.
import { readFileSync } from 'node:fs';
import { parseGame, type GameLog, type GameLogEvent } from '../src/io/log.js';
import type { Game } from '../src/model/game.js';
import { KnowledgeCore } from '../src/knowledge/wasm-core.js';
import { refutationAdvice, type RefutationRequest } from '../src/analysis/refute-advice.js';
import { accusationAdvice } from '../src/analysis/accuse-advice.js';
import { OpenGame } from '../src/analysis/open-game.js';
import { ENVELOPE } from '../src/model/owners.js';

const POSITIONS = ['classic-6p-early', 'classic-5p-mid', 'classic-6p-late', 'classic-4p-faceup'];
const ENTRY_POSITIONS = ['classic-6p-early', 'classic-6p-late'];
const FORTY_TURNS = new URL('./fixtures/classic-6p-40turns.json', import.meta.url);
export const REFUTE_TARGET_MS = 50;
export const EDIT_TARGET_MS = 200;
export const ENTRY_TARGET_MS = 100;

export interface AdviceRow {
  position: string;
  refuteMs: number;
  /** The same with the envelope counted by the odometer, timed in turns with refuteMs. */
  refuteOdometerMs: number;
  accuseMs: number;
}

export interface EditRow {
  /** What changed in turn 1. */
  edit: string;
  /** Opening the edited log (parse, checks, the DAG) and its notebook. */
  ms: number;
}

export interface EntryRow {
  position: string;
  /** OpenGame.with(entry), its notebook, which card to show, why a cell is certain. */
  ms: number;
  odometerMs: number;
  parts: { withMs: number; analysisMs: number; refuteMs: number; explainMs: number };
}

export interface AdviceBench {
  refute: AdviceRow[];
  edit: EditRow[];
  entry: EntryRow[];
}

function median(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function timed(f: () => unknown, runs: number): number {
  for (let i = 0; i < 2; i++) f(); // warm-up: the first calls run on V8's baseline compiler
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    f();
    times.push(performance.now() - t);
  }
  return median(times);
}

/** Medians of f and g, called in turns after a warm-up of each: both meet the same load. */
function timedInTurns(f: () => unknown, g: () => unknown, runs: number): [number, number] {
  for (let i = 0; i < 2; i++) (f(), g());
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < runs; i++) {
    let t = performance.now();
    f();
    a.push(performance.now() - t);
    t = performance.now();
    g();
    b.push(performance.now() - t);
  }
  return [median(a), median(b)];
}

function example(name: string): GameLog {
  return JSON.parse(readFileSync(new URL(`../examples/${name}.json`, import.meta.url), 'utf8')) as GameLog;
}

/** A refutation of the observer's next neighbour's suggestion naming one of the observer's cards in every category it holds one of. */
function refutation(game: Game): RefutationRequest {
  const { deck } = game;
  const cards = deck.categories.map((_, g) => game.myHand.find((c) => deck.categoryOf[c] === g) ?? deck.cards.findIndex((_, c) => deck.categoryOf[c] === g));
  return { suggester: (game.me! + 1) % game.players.length, cards };
}

/** A core whose envelope counts are made the old way. */
function odometerCore(): KnowledgeCore {
  const core = KnowledgeCore.create();
  core.setEnvelopeMethod('odometer');
  return core;
}

function benchRefute(runs: number): AdviceRow[] {
  const old = odometerCore();
  return POSITIONS.map((position) => {
    const game = parseGame(example(position));
    const request = refutation(game);
    const [refuteMs, refuteOdometerMs] = timedInTurns(
      () => refutationAdvice(game, request),
      () => refutationAdvice(game, request, { core: old }),
      runs,
    );
    return { position, refuteMs, refuteOdometerMs, accuseMs: timed(() => accusationAdvice(game, { seed: 1 }), Math.max(3, Math.floor(runs / 3))) };
  });
}

/**
 * Turn 1 of the 40-turn game edited as the advisor edits it, by opening the edited log afresh:
 * deleted, answered by another seat, and naming another card of its last category (the first such
 * edits, in seat and deck order, that leave the log consistent).
 */
function benchEdit(runs: number): EditRow[] {
  const log = JSON.parse(readFileSync(FORTY_TURNS, 'utf8')) as GameLog;
  const events = log.events ?? [];
  const first = events[0] as Extract<GameLogEvent, { type: 'suggestion' }>;
  const withFirst = (turn: GameLogEvent): GameLog => ({ ...log, events: [turn, ...events.slice(1)] });
  const consistent = (edited: GameLog) => {
    try {
      new OpenGame(edited).dispose();
      return true;
    } catch {
      return false;
    }
  };
  const edits: Array<{ edit: string; log: GameLog }> = [{ edit: 'turn 1 deleted', log: { ...log, events: events.slice(1) } }];
  const shower = log.players.find((seat) => seat !== first.by && seat !== first.shownBy && consistent(withFirst({ ...first, shownBy: seat })));
  if (shower !== undefined) edits.push({ edit: `turn 1 answered by ${shower}`, log: withFirst({ ...first, shownBy: shower }) });
  const categories = parseGame(log).deck.categories;
  const named = first.cards.at(-1)!;
  const others = categories.find((category) => category.cards.includes(named))?.cards.filter((card) => card !== named) ?? [];
  const renamed = others.find((card) => consistent(withFirst({ ...first, cards: [...first.cards.slice(0, -1), card] })));
  if (renamed !== undefined) edits.push({ edit: `turn 1 naming ${renamed}`, log: withFirst({ ...first, cards: [...first.cards.slice(0, -1), renamed] }) });
  return edits.map(({ edit, log: edited }) => ({
    edit,
    ms: timed(() => {
      const open = new OpenGame(edited);
      open.analysis();
      open.dispose();
    }, runs),
  }));
}

/** The next entry at the table: the observer's previous neighbour suggests, naming one of its cards, and it shows that card. */
function nextEntry(game: Game): GameLogEvent {
  const { deck, players } = game;
  const me = game.me!;
  const card = game.myHand[0];
  const cards = deck.categories.map((_, g) => (deck.categoryOf[card] === g ? card : deck.cards.findIndex((_, c) => deck.categoryOf[c] === g && !game.myHand.includes(c))));
  return { type: 'suggestion', by: players[(me + players.length - 1) % players.length], cards: cards.map((c) => deck.cards[c]), shownBy: players[me], shown: deck.cards[card] };
}

function benchEntry(runs: number): EntryRow[] {
  const old = odometerCore();
  return ENTRY_POSITIONS.map((position) => {
    const log = example(position);
    const parts = { withMs: 0, analysisMs: 0, refuteMs: 0, explainMs: 0 };
    const view = (core: KnowledgeCore, base: OpenGame, entry: GameLogEvent, record: boolean) => () => {
      let t = performance.now();
      const next = base.with(entry);
      const withMs = performance.now() - t;
      t = performance.now();
      const analysis = next.analysis();
      const analysisMs = performance.now() - t;
      t = performance.now();
      refutationAdvice(next.game, refutation(next.game), { core });
      const refuteMs = performance.now() - t;
      // Why a cell is certain: the first card the notebook places with certainty outside the observer's hand.
      const certain = analysis.known.find((k) => k.owner !== ENVELOPE && !next.game.myHand.includes(k.card)) ?? { card: next.game.myHand[0], owner: next.game.me! };
      t = performance.now();
      next.explain({ card: certain.card, owner: certain.owner });
      const explainMs = performance.now() - t;
      next.dispose();
      if (record) Object.assign(parts, { withMs, analysisMs, refuteMs, explainMs });
    };
    // Open and shown, as the advisor shows a game before the entry: its notebook counted.
    const base = new OpenGame(log);
    const baseOld = new OpenGame(log, { core: old });
    base.analysis();
    baseOld.analysis();
    const entry = nextEntry(base.game);
    const [ms, odometerMs] = timedInTurns(view(KnowledgeCore.shared(), base, entry, true), view(old, baseOld, entry, false), runs);
    base.dispose();
    baseOld.dispose();
    return { position, ms, odometerMs, parts };
  });
}

export function benchAdvice(runs = 9): AdviceBench {
  return { refute: benchRefute(runs), edit: benchEdit(runs), entry: benchEntry(runs) };
}

const over = (ms: number, target: number) => (ms <= target ? '' : `  (over the ${target} ms target)`);
const f1 = (ms: number) => ms.toFixed(1).padStart(7);

export function printAdvice({ refute, edit, entry }: AdviceBench): void {
  console.log(`\nAdvice at the table (median ms in one thread; the old envelope counts, by the odometer, timed in turns)`);
  console.log(`  which card to show (target ${REFUTE_TARGET_MS} ms), whether to accuse:`);
  for (const r of refute) {
    console.log(`    ${r.position.padEnd(18)}  refute ${f1(r.refuteMs)} ms${over(r.refuteMs, REFUTE_TARGET_MS)}   odometer ${f1(r.refuteOdometerMs)} ms (${(r.refuteOdometerMs / r.refuteMs).toFixed(1)}×)   accuse ${f1(r.accuseMs)} ms`);
  }
  console.log(`  editing turn 1 of a 40-turn six-player game: the edited log opened and its notebook (target ${EDIT_TARGET_MS} ms):`);
  for (const r of edit) console.log(`    ${r.edit.padEnd(34)} ${f1(r.ms)} ms${over(r.ms, EDIT_TARGET_MS)}`);
  console.log(`  the view after an entry: with() + notebook + which card to show + explain (target ${ENTRY_TARGET_MS} ms):`);
  for (const r of entry) {
    const p = r.parts;
    console.log(
      `    ${r.position.padEnd(18)} ${f1(r.ms)} ms${over(r.ms, ENTRY_TARGET_MS)}   odometer ${f1(r.odometerMs)} ms (${(r.odometerMs / r.ms).toFixed(1)}×)   last run: with ${p.withMs.toFixed(1)}, notebook ${p.analysisMs.toFixed(1)}, refute ${p.refuteMs.toFixed(1)}, explain ${p.explainMs.toFixed(1)} ms`,
    );
  }
}
