/**
 * Rational opponents (`cluedo analyze --rational`): a seat that ends its turn without accusing did
 * not know the envelope (the thesis's `endmove`, docs/epistemic-semantics.md §5.6), and the
 * analysis conditions on it. Exact from the Kripke model when it fits: every endmove is then the
 * epistemic announcement it is, including what each seat inferred from the others' endmoves.
 * Otherwise, with `symbolic`, the same reading is counted on decision diagrams (seconds to a
 * minute); else worlds are drawn by the observer's weighting and those in which some seat would
 * have known the envelope at its endmove are rejected; a seat's knowledge there is what its cards and
 * the cards shown to it imply (first-order), which leaves out what it could infer from earlier
 * endmoves, and the analysis says so.
 */
import type { Game } from '../model/game.js';
import type { GameEvent } from '../model/events.js';
import { InputError } from '../model/errors.js';
import { gameOf, type GameLog } from '../io/log.js';
import { buildGameModel, ModelTooLargeError } from '../epistemic/explicit/game-model.js';
import { FullSizeEngine } from '../epistemic/full-size.js';
import { explicitModelMayFit } from '../epistemic/explicit/engine.js';
import { and, has, Kenv, type Formula } from '../epistemic/language/formula.js';
import { SymbolicEngine } from '../epistemic/symbolic/engine.js';
import { DiagramsTooLargeError } from '../epistemic/symbolic/bdd.js';
import { maskOfCards } from '../model/bits.js';
import * as sets from '../epistemic/explicit/world-set.js';
import { combinationCards, emptyTallies, envelopeIndex, tallyDeals, type Tallies } from '../knowledge/tallies.js';
import { independentErrors } from '../knowledge/worlds.js';
import { analysisFrom, DEFAULT_ANALYSIS_SAMPLES, DEFAULT_SEED, worldsOf, type Analysis } from './analyze.js';
import { sharedCore } from './load.js';
import { counted } from '../model/numbers.js';
import { ENVELOPE, ownerWidth, slotOf, TABLE, type Owner } from '../model/owners.js';

export interface RationalOptions {
  samples?: number;
  seed?: number;
  maxWorlds?: number;
  /**
   * Past the explicit model, read the endmoves exactly on the symbolic engine (decision diagrams)
   * rather than first-order from drawn worlds (default false). Not the default: on simulated
   * six-seat games it took 15 to 40 s where 20,000 draws take 0.3 to 3.5 s, and the draws' answers
   * lay within 2.7 standard errors of the exact ones (bench/exact-knowledge.ts).
   */
  symbolic?: boolean;
  /**
   * True (the default): every turn of another seat that ended without an accusation is an endmove
   * (withEndmoves). False: only the log's own endmove events are (those the rules announced).
   */
  infer?: boolean;
}

export interface RationalAnalysis extends Analysis {
  rational: {
    /** Turns that ended without an accusation, each now an endmove (with `infer: false`, the log's endmoves). */
    endmoves: number;
    /** How the endmoves were taken into account. */
    reading: 'epistemic' | 'first-order';
    /** Drawn worlds rejected because a seat would have known the envelope (sampled only). */
    rejected: number | null;
  };
}

export const DEFAULT_RATIONAL_SAMPLES = 20_000;

/**
 * The log with an `endmove` after every turn of another seat that ended without an accusation: a
 * turn ends when a different seat's suggestion begins (the log's last turn may still be going on).
 */
export function withEndmoves(game: Game): { game: Game; endmoves: number } {
  const events: GameEvent[] = [];
  let turn: number | null = null; // the seat whose turn is open and has not accused or ended
  let endmoves = 0;
  for (const e of game.events) {
    const starts = e.type === 'suggestion' || e.type === 'suggest' ? e.by : null;
    if (starts !== null && turn !== null && starts !== turn) {
      events.push({ type: 'endmove', by: turn });
      endmoves++;
      turn = null;
    }
    if (starts !== null) turn = starts === game.me ? null : starts;
    if ((e.type === 'accusation' || e.type === 'endmove') && e.by === turn) turn = null;
    events.push(e);
  }
  return { game: { ...game, events }, endmoves };
}

export function rationalAnalysis(input: GameLog | Game, options: RationalOptions = {}): RationalAnalysis {
  const game = gameOf(input);
  if (game.me === null) throw new InputError([{ call: 'rationalAnalysis' }, ' needs an observer\'s log ("me"): it weighs what the observer has not seen'], { code: 'observer-needed' });
  const observer: Game = { ...game, deal: null };
  const { game: rational, endmoves } =
    options.infer === false ? { game: observer, endmoves: observer.events.filter((e) => e.type === 'endmove').length } : withEndmoves(observer);
  const exact = tryExplicit(rational, options.maxWorlds) ?? (options.symbolic ? trySymbolic(rational) : null);
  if (exact) return { ...exact, rational: { endmoves, reading: 'epistemic', rejected: null } };
  return sampled(observer, rational, endmoves, options);
}

/** The exact analysis from the observer's worlds of the Kripke model, or null when the model is too large. */
function tryExplicit(game: Game, maxWorlds?: number): Analysis | null {
  // Counted first: enumerating deals only to stop at the limit can take seconds.
  if (!explicitModelMayFit(game, game.events.length, maxWorlds)) return null;
  let m;
  try {
    m = buildGameModel(game, game.events.length, { maxWorlds });
  } catch (e) {
    if (e instanceof ModelTooLargeError) return null;
    throw e;
  }
  const nSeats = game.players.length;
  const width = ownerWidth(nSeats);
  const table = slotOf(TABLE, nSeats);
  const tallies = emptyTallies(game.deck.cards.length, nSeats, game.deck.categoryMasks);
  const possibleOwners = new Uint32Array(game.deck.cards.length);
  const deals = new Set<number>();
  const faceUp = m.model.frame.faceUpMask;
  for (const w of sets.members(m.observed)) {
    const weight = m.model.weight[w];
    deals.add(m.model.dealOf[w]);
    tallies.total += weight;
    for (let o = 0; o <= nSeats; o++) {
      for (let hand = m.model.handOf(w, o); hand !== 0; hand &= hand - 1) {
        const c = 31 - Math.clz32(hand & -hand);
        tallies.ownerCounts[c * width + o] += weight;
        possibleOwners[c] |= 1 << o;
      }
    }
    for (let f = faceUp; f !== 0; f &= f - 1) {
      const c = 31 - Math.clz32(f & -f);
      tallies.ownerCounts[c * width + table] += weight;
      possibleOwners[c] |= 1 << table;
    }
    tallies.envelopeCounts[envelopeIndex(game.deck.categoryMasks, m.model.handOf(w, nSeats))] += weight;
  }
  m.model.dispose();
  return analysisFrom(game, { method: 'exact', count: BigInt(deals.size), tallies: tallies as Tallies, possibleOwners });
}

/**
 * The exact analysis counted on the symbolic engine: each card's owners and each envelope, the
 * observer's probability of the formula that says it. Null when the diagrams outgrow their bound.
 */
function trySymbolic(game: Game): Analysis | null {
  const nSeats = game.players.length;
  const width = ownerWidth(nSeats);
  const { cards, categoryMasks } = game.deck;
  const faceUp = maskOfCards(game.faceUp);
  const engine = new SymbolicEngine(game, game.events.length);
  try {
    const chance = (f: Formula) => engine.probability(f).probability;
    // Probabilities as tallies of a total of 1: analysisFrom divides by the total.
    const tallies = emptyTallies(cards.length, nSeats, categoryMasks);
    tallies.total = 1;
    const possibleOwners = new Uint32Array(cards.length);
    cards.forEach((_, c) => {
      const owners: Owner[] = (faceUp & (1 << c)) !== 0 ? [TABLE] : [...game.players.map((_, seat) => seat), ENVELOPE];
      for (const owner of owners) {
        const p = owner === TABLE ? 1 : chance(has(owner, c));
        tallies.ownerCounts[c * width + slotOf(owner, nSeats)] = p;
        if (p > 0) possibleOwners[c] |= 1 << slotOf(owner, nSeats);
      }
    });
    // Only the combinations of cards that may be in the envelope.
    for (let i = 0; i < tallies.envelopeCounts.length; i++) {
      const combination = combinationCards(categoryMasks, i);
      if (combination.some((c) => tallies.ownerCounts[c * width + slotOf(ENVELOPE, nSeats)] === 0)) continue;
      tallies.envelopeCounts[i] = chance(and(...combination.map((c) => has(ENVELOPE, c))));
    }
    return analysisFrom(game, { method: 'exact', count: engine.observedDeals, tallies, possibleOwners });
  } catch (e) {
    if (e instanceof DiagramsTooLargeError) return null;
    throw e;
  } finally {
    engine.dispose();
  }
}

/** Drawn worlds, kept when no seat would have known the envelope at any of its endmoves (first-order). */
function sampled(observer: Game, rational: Game, endmoves: number, options: RationalOptions): RationalAnalysis {
  const samples = options.samples ?? DEFAULT_RATIONAL_SAMPLES;
  const seed = options.seed ?? 1;
  const nSeats = observer.players.length;
  const width = ownerWidth(nSeats);
  const plain = new FullSizeEngine(observer, observer.events.length);
  // One engine per endmove: the public facts and showcards of the events before it.
  const checks: Array<{ engine: FullSizeEngine; by: number }> = [];
  rational.events.forEach((e, i) => {
    if (e.type === 'endmove') checks.push({ engine: new FullSizeEngine(rational, i), by: e.by });
  });
  try {
    const { deals, shown } = plain.drawWorlds(samples, seed);
    const kept: number[] = [];
    for (let i = 0; i < samples; i++) {
      const deal = deals.subarray(i * width, (i + 1) * width);
      if (checks.every(({ engine, by }) => !engine.valueAt(Kenv(by), deal, shown[i]))) kept.push(i);
    }
    if (kept.length === 0) {
      throw new InputError(
        [{ call: 'rationalAnalysis' }, `: none of ${counted(samples, 'drawn world')} has every seat ignorant of the envelope at its endmoves; the log's players did not play rationally (or draw more with `, { option: 'samples' }, ')'],
        { code: 'rational-unexplained', option: 'samples', value: samples },
      );
    }
    const keptDeals = new Uint32Array(kept.length * width);
    kept.forEach((i, k) => keptDeals.set(deals.subarray(i * width, (i + 1) * width), k * width));
    const tallies = emptyTallies(observer.deck.cards.length, nSeats, observer.deck.categoryMasks);
    tallyDeals(observer.deck.categoryMasks, nSeats, keptDeals, tallies);
    // Certainties stay those of the plain analysis (exact: DAG, or search): conditioning can add some, a sample cannot prove them.
    using worlds = worldsOf(sharedCore(), observer, 'auto', DEFAULT_ANALYSIS_SAMPLES, DEFAULT_SEED, { jointBudget: Infinity });
    const possibleOwners = worlds.possibleOwners();
    const analysis = analysisFrom(observer, { method: 'sampled', count: null, tallies: independentErrors(tallies), possibleOwners });
    return { ...analysis, rational: { endmoves, reading: 'first-order', rejected: samples - kept.length } };
  } finally {
    plain.dispose();
    for (const c of checks) c.engine.dispose();
  }
}
