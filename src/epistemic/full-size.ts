/**
 * Knowledge at full size (docs/epistemic-semantics.md §3, §8.1, §8.3): where the Kripke model is
 * far too large to build (the classic six-player game has 4.4 × 10^13 deals), the formulas whose
 * truth at a world depends only on each agent's own constraints are answered through the exact
 * counting core. At a world (a deal and the card each showcard showed), agent a's information is
 * the public facts, its hand and the cards shown to it; K_a ψ for propositional ψ holds exactly
 * when no deal consistent with that information satisfies ¬ψ (one restricted count per term of
 * ¬ψ in disjunctive normal form), D_G pools the group's information, Kenv_a asks whether a's
 * position leaves one envelope. An observer's probability is then estimated from worlds drawn by
 * the contract's weighting: deals uniform over the observer's consistent deals (drawn exactly by
 * the core), each unseen showcard's card uniform among the responder's matching cards.
 *
 * Not covered, and refused by `unsupportedAtFullSize`: nested modalities, common knowledge,
 * announcements inside formulas, and logs with epistemic announcements (endmove) before the
 * formula's time, whose effect on each agent's information is not a set of constraints.
 */
import { maskOfCards, popcount } from '../model/bits.js';
import type { Phrase } from '../model/errors.js';
import { type Game } from '../model/game.js';
import { ENVELOPE, TABLE, ownerWidth, slotOf } from '../model/owners.js';
import { Random } from '../model/random.js';
import { addFacts, dealMeets, emptyStore, essentialClauses, type ConstraintStore, type Fact } from '../knowledge/constraints.js';
import { KnowledgeCore, type Position } from '../knowledge/wasm-core.js';
import { gameActions, type NumberedAction as KnowledgeAction } from '../model/rules.js';
import { factsOfAction } from '../knowledge/constraints-of.js';
import { propagate } from '../knowledge/propagate.js';
import { children, isPropositional, type Formula } from './language/formula.js';
import type { Probability, Semantics } from './semantics.js';

/** Why a formula cannot be answered at full size at this point of the log, or null when it can. */
export function unsupportedAtFullSize(game: Game, count: number, f: Formula): Phrase | null {
  const endmove = game.events.slice(0, count).findIndex((e) => e.type === 'endmove');
  if (endmove >= 0) {
    // Not even a formula without modalities: the endmove reweighs the observer's own worlds.
    return [`event ${endmove + 1} (endmove) is an epistemic announcement, which the full-size engine cannot condition on (`, { call: 'rationalAnalysis' }, ' gives its first-order reading)'];
  }
  const why = unsupportedOperator(f);
  return why === null ? null : [why];
}

function unsupportedOperator(f: Formula): string | null {
  switch (f.op) {
    case 'C':
      return 'common knowledge (C) needs the whole model';
    case 'announce':
    case 'learnsWhether':
      return 'announcements inside a formula need the whole model';
    case 'K':
    case 'M':
    case 'E':
    case 'D':
      if (isPropositional(f.arg)) return null;
      // K_a / M_a / E_G of what one agent's information decides: grouped by that agent's information.
      if (f.op !== 'D' && typeof informationOf(f.arg) === 'number') return null;
      return `${f.op} of this formula needs the whole model: at full size, knowledge may nest only as K[a], M[a] or E[...] of a combination of one agent's K, M and Kenv of formulas without modalities`;
    default:
      for (const g of children(f)) {
        const why = unsupportedOperator(g);
        if (why) return why;
      }
      return null;
  }
}

/** What a group knows (the same at every world where it has the same hands and was shown the same cards); each part computed when first asked. */
interface Information {
  /** What names it: the group, its hands, the cards shown to it. */
  key: string;
  /** Its facts beyond the public ones: its hands, the cards shown to it. */
  facts: Fact[];
  store: ConstraintStore | null;
  /** Its store with the placements unit propagation forces (knowledge/propagate.ts). */
  forced: ConstraintStore | null;
  /** Per card, the clauses of its store that name it. */
  clausesOf: number[][] | null;
}

/** A group's information at one world, and the deals near the world's that it allows (they depend on the world's deal). */
interface InformationAt {
  information: Information;
  /** Whether the world's deal is one it allows (not when a nested modality made the deal up). */
  isDeal: boolean | null;
  /** The swaps from the world's deal it allows (#swapsAllowed), with the envelope and between seats: each deal proves that it knows nothing that deal contradicts. */
  envelopeSwaps: Int32Array | null;
  seatSwaps: Int32Array | null;
}

/** A world at full size: a deal (the core's layout: a mask per seat, envelope, table) and the card shown at each showcard. */
interface World {
  deal: Uint32Array;
  shown: number[];
  /** The groups' informations at this world, by group, once asked (a formula asks several times). */
  informations?: Map<string, InformationAt>;
}

type Showcard = Extract<KnowledgeAction, { kind: 'showcard' }>;

/** Worlds per chunk of a draw: a chunk is the unit of work shared among threads. */
export const WORLD_CHUNK = 250;

export function chunksOf(samples: number): number {
  return Math.ceil(samples / WORLD_CHUNK);
}

/** Positions kept for reuse across drawn worlds (agents' informations recur). */
const MAX_CACHED_POSITIONS = 4096;

/** The most informations of another agent a nested K weighs before giving up. */
const MAX_INFORMATION_STATES = 200_000;

/**
 * The agent whose information alone decides the formula (its K, M, Kenv, and E or D of it alone,
 * of formulas without modalities, combined by connectives), 'none' for a constant, null otherwise.
 */
export function informationOf(f: Formula): number | 'none' | null {
  switch (f.op) {
    case 'true':
    case 'false':
      return 'none';
    case 'K':
    case 'M':
      return isPropositional(f.arg) ? f.agent : null;
    case 'E':
    case 'D':
      return f.group.length === 1 && isPropositional(f.arg) ? f.group[0] : null;
    case 'Kenv':
      return f.agent;
    case 'not':
    case 'and':
    case 'or':
    case 'implies':
    case 'iff': {
      let agent: number | 'none' = 'none';
      for (const g of children(f)) {
        const x = informationOf(g);
        if (x === null) return null;
        if (x === 'none') continue;
        if (agent !== 'none' && agent !== x) return null;
        agent = x;
      }
      return agent;
    }
    default:
      return null;
  }
}

/** The most terms of a formula answered exactly by inclusion–exclusion (2^terms restricted counts). */
const MAX_EXACT_TERMS = 10;

/** The most terms a formula's negation may have in disjunctive normal form. */
const MAX_TERMS = 4096;

/** An estimate of the observer's probability (the Semantics interface's Probability). */
export type FullSizeEstimate = Probability;

/** Worlds drawn per estimate when none are asked for: standard errors of at most 0.008. */
export const DEFAULT_DRAWS = 4000;

export class FullSizeEngine implements Semantics {
  readonly name = 'sampled';
  readonly #core = KnowledgeCore.shared();
  readonly #nSeats: number;
  readonly #public: ConstraintStore;
  readonly #showcards: Showcard[];
  readonly #handsKnown: boolean;
  readonly #observer: ConstraintStore;
  /** Positions by agent information (the agents' hands and the cards shown to them). */
  readonly #positions = new Map<string, Position>();
  /** Per agent information, its store and the deals one swap from a world that it allows (see #witnesses). */
  readonly #informations = new Map<string, Information>();
  /** A deal swapped in place while witnesses are tried. */
  readonly #scratch: Uint32Array;
  readonly #ownerCounts = new WeakMap<Position, Float64Array>();
  /** Each formula's negation in disjunctive normal form, computed once (formulas are asked at every world). */
  readonly #negatedTerms = new WeakMap<Formula, Literal[][]>();
  readonly #negatedSlotTerms = new WeakMap<Formula, SlotLiteral[][]>();

  constructor(
    readonly game: Game,
    readonly count: number,
    /** How `probability` estimates a formula it cannot count: worlds drawn, and their seed. */
    readonly draws: { samples: number; seed: number } = { samples: DEFAULT_DRAWS, seed: 1 },
  ) {
    const n = game.players.length;
    this.#nSeats = n;
    this.#scratch = new Uint32Array(ownerWidth(n));
    const actions = gameActions(game, count);
    this.#showcards = actions.filter((a): a is Showcard => a.kind === 'showcard');
    const hasLook = game.events.some((e) => e.type === 'look');
    this.#handsKnown = !hasLook || game.events.slice(0, count).some((e) => e.type === 'look');
    // What every seat learns: the actions read by the spectator, who sees no shown card.
    const facts = actions.flatMap((a) => factsOfAction(a, n, null));
    const base = emptyStore(game.deck.cards.length, game.deck.categoryMasks, game.handSizes, maskOfCards(game.faceUp));
    this.#public = tidy(addFacts(base, facts));
    // The observer: its hand (once seen) and the cards it was shown.
    const mine: Fact[] = [];
    if (game.me !== null && this.#handsKnown) {
      mine.push(...handFacts(game.me, maskOfCards(game.myHand), game.deck.cards.length));
      for (const s of this.#showcards) if (s.to === game.me && s.shown !== null) mine.push({ kind: 'holds', owner: s.by, cards: 1 << s.shown });
    }
    this.#observer = tidy(addFacts(this.#public, mine));
  }

  /**
   * Draws `samples` worlds by the observer's weighting with `seed`: deals in the core's layout
   * (ownerWidth(nSeats) masks each) and, per world, the card each showcard showed.
   */
  drawWorlds(samples: number, seed: number): { deals: Uint32Array; shown: number[][] } {
    const observer = this.#core.load(this.#observer);
    try {
      const width = ownerWidth(this.#nSeats);
      const deals = observer.sample(samples, seed);
      const random = new Random(seed, 1);
      const shown = Array.from({ length: samples }, (_, i) => this.#chooseShown(deals.subarray(i * width, (i + 1) * width), random));
      return { deals, shown };
    } finally {
      observer.dispose();
    }
  }

  /** A first-order formula's value at a world: a deal (core layout) and the cards shown at the first showcards of this engine's events. */
  valueAt(f: Formula, deal: Uint32Array, shown: number[]): boolean {
    return this.#holds(f, { deal, shown: shown.slice(0, this.#showcards.length) });
  }

  /**
   * How many of the worlds of chunks [firstChunk, firstChunk + chunks) of a draw of `total` worlds
   * satisfy each formula. Chunk k holds WORLD_CHUNK worlds (the last one the rest), drawn from
   * stream k of `seed`: a draw's answer is the same however its chunks are shared among threads.
   */
  hits(formulas: Formula[], total: number, seed: number, firstChunk: number, chunks: number): number[] {
    const observer = this.#core.load(this.#observer);
    const width = ownerWidth(this.#nSeats);
    const out = new Array<number>(formulas.length).fill(0);
    try {
      for (let k = firstChunk; k < firstChunk + chunks; k++) {
        const n = Math.min(WORLD_CHUNK, total - k * WORLD_CHUNK);
        if (n <= 0) break;
        this.#core.seed(seed, k);
        const deals = observer.sample(n);
        const random = new Random(seed, 1, k);
        for (let i = 0; i < n; i++) {
          const deal = deals.subarray(i * width, (i + 1) * width);
          const world = { deal, shown: this.#chooseShown(deal, random) };
          formulas.forEach((f, j) => {
            if (this.#holds(f, world)) out[j]++;
          });
        }
      }
    } finally {
      observer.dispose();
    }
    return out;
  }

  /**
   * Estimates from hit counts of `samples` draws: probabilities, standard errors, and what the
   * observer knows. A drawn world where a formula fails proves that the observer does not know it;
   * when every draw holds, knowledge is decided exactly where the engine can (knownByObserver),
   * and a known formula's probability is then exactly 1 (a known negation's, exactly 0).
   */
  estimatesOf(formulas: Formula[], hits: number[], samples: number, decideKnown = true): FullSizeEstimate[] {
    return formulas.map((f, k) => {
      const p = hits[k] / samples;
      if (!decideKnown) return { probability: p, standardError: Math.sqrt((p * (1 - p)) / samples), known: hits[k] < samples ? false : null };
      const known = hits[k] < samples ? false : this.knownByObserver(f);
      if (known === true) return { probability: 1, standardError: null, known };
      // Likewise a formula that fails in every draw is exactly improbable when the observer knows its negation.
      if (hits[k] === 0 && this.knownByObserver({ op: 'not', arg: f }) === true) return { probability: 0, standardError: null, known: false };
      return { probability: p, standardError: Math.sqrt((p * (1 - p)) / samples), known };
    });
  }

  /**
   * Whether the observer knows `f` (it holds in every world the observer considers possible), or
   * null when this engine cannot decide it: exactly for a formula without modalities (the
   * observer's position decides it), and for one that a single agent's information decides (its
   * K, M, Kenv…): then it is evaluated for every information that agent may have in the
   * observer's worlds. The observer knows what it showed and what it was shown.
   */
  knownByObserver(f: Formula): boolean | null {
    const observer = this.#core.load(this.#observer);
    try {
      if (isPropositional(f)) return this.#knownIn(observer, f);
      if (informationOf(f) === null) return null;
      const { deals, shown } = this.drawWorlds(1, 0);
      const world = { deal: deals, shown: shown[0] };
      const me = this.game.me;
      return this.#overInformations(observer, (s) => s.by === me || s.to === me, me, f, world, 'all');
    } catch (e) {
      if (e instanceof RangeError) return null; // too many informations to weigh
      throw e;
    } finally {
      observer.dispose();
    }
  }

  /** Why a formula cannot be answered here at this point of the log, or null (the Semantics interface). */
  unsupported(f: Formula): Phrase | null {
    return unsupportedAtFullSize(this.game, this.count, f);
  }

  /** A formula's value at a full record's deal. */
  value(f: Formula): boolean {
    return this.valuesAtDeal([f])[0];
  }

  /** The observer's probability: counted exactly for a formula without modalities, else estimated from `draws`. */
  probability(f: Formula): Probability {
    const exact = this.exactProbability(f);
    if (exact) return { probability: exact.probability, standardError: null, known: exact.known };
    return this.estimate([f], this.draws.samples, this.draws.seed)[0];
  }

  /** Whether `probability` draws worlds for `f` (it cannot count it exactly). */
  drawsFor(f: Formula): boolean {
    return !isPropositional(f) || this.exactProbability(f) === null;
  }

  [Symbol.dispose](): void {
    this.dispose();
  }

  /** Estimates each formula's probability from `samples` worlds drawn with `seed`, in this thread. */
  estimate(formulas: Formula[], samples: number, seed: number, decideKnown = true): FullSizeEstimate[] {
    return this.estimatesOf(formulas, this.hits(formulas, samples, seed, 0, chunksOf(samples)), samples, decideKnown);
  }

  /** Each formula's value at a full record's deal: exact. */
  valuesAtDeal(formulas: Formula[]): boolean[] {
    const deal = this.game.deal!;
    const n = this.#nSeats;
    const masks = new Uint32Array(ownerWidth(n));
    deal.forEach((owner, card) => (masks[slotOf(owner, n)] |= 1 << card));
    const world = { deal: masks, shown: this.#showcards.map((s) => s.shown!) };
    return formulas.map((f) => this.#holds(f, world));
  }

  /** The cards of the showcards: the one the observer saw, else uniform among the responder's matching cards. */
  #chooseShown(deal: Uint32Array, random: Random): number[] {
    const me = this.game.me;
    return this.#showcards.map((s) => {
      if (s.shown !== null && me !== null && (me === s.by || me === s.to)) return s.shown;
      const cards: number[] = [];
      for (let m = deal[s.by] & s.cards; m !== 0; m &= m - 1) cards.push(31 - Math.clz32(m & -m));
      return cards[random.below(cards.length)];
    });
  }

  #holds(f: Formula, w: World): boolean {
    switch (f.op) {
      case 'true':
        return true;
      case 'false':
        return false;
      case 'has':
        return (w.deal[this.#slot(f.owner)] & (1 << f.card)) !== 0;
      case 'not':
        return !this.#holds(f.arg, w);
      case 'and':
        return f.args.every((g) => this.#holds(g, w));
      case 'or':
        return f.args.some((g) => this.#holds(g, w));
      case 'implies':
        return !this.#holds(f.args[0], w) || this.#holds(f.args[1], w);
      case 'iff':
        return this.#holds(f.args[0], w) === this.#holds(f.args[1], w);
      case 'K':
        return isPropositional(f.arg) ? this.#knows([f.agent], f.arg, w) : this.#nested(f.agent, f.arg, w, 'all');
      case 'M':
        return isPropositional(f.arg) ? !this.#knows([f.agent], { op: 'not', arg: f.arg }, w) : this.#nested(f.agent, f.arg, w, 'some');
      case 'E':
        return f.group.every((a) => (isPropositional(f.arg) ? this.#knows([a], f.arg, w) : this.#nested(a, f.arg, w, 'all')));
      case 'D':
        return this.#knows(f.group, f.arg, w);
      case 'Kenv': {
        const envelope = w.deal[this.#nSeats];
        if (this.#witnessed([f.agent], w, (deal) => deal[this.#nSeats] !== envelope)) return false;
        if (envelopeFixedByFacts(this.#forcedOf(this.#information([f.agent], w)))) return true;
        return knowsEnvelope(this.#ownerCountsOf(this.#positionOf([f.agent], w)), this.game.deck.categoryMasks, this.#nSeats);
      }
      default:
        throw new Error(`${f.op} is not answered at full size`);
    }
  }

  /**
   * K_a χ ('all') or M_a χ ('some') where χ depends only on agent b's information (its hand and the
   * cards shown to it): χ is evaluated once per information b may have in some world a cannot tell
   * from w. Those are enumerated on a's position: b's possible hands card by card, then the card
   * each showcard to b may have shown, each partial choice kept only while some deal of a's
   * position allows it (a restricted count on a's DAG).
   */
  #nested(a: number, chi: Formula, w: World, quantifier: 'all' | 'some'): boolean {
    return this.#overInformations(this.#positionOf([a], w), (s) => s.by === a, a, chi, w, quantifier);
  }

  /**
   * Whether χ, decided by one agent b's information, holds for all ('all') or some ('some') of the
   * informations b may have in the deals of `aPosition` (the worlds a knower cannot tell from w).
   * `aSaw(s)`: the knower knows the card of showcard s (it showed it, or was shown it); `a`: the
   * knower's seat, null for the spectator.
   */
  #overInformations(aPosition: Position, aSaw: (s: Showcard) => boolean, a: number | null, chi: Formula, w: World, quantifier: 'all' | 'some', limit = MAX_INFORMATION_STATES): boolean {
    const b = informationOf(chi);
    if (typeof b !== 'number' || b === a) return this.#holds(chi, w); // a's own information is the same in all its worlds
    const nCards = this.game.deck.cards.length;
    const width = ownerWidth(this.#nSeats);
    const owners = new Uint32Array(nCards).fill(2 ** width - 1);
    const allows = () => aPosition.restrictedCount(owners) > 0;
    const counts = aPosition.ownerCounts();
    const candidates: number[] = [];
    for (let c = 0; c < nCards; c++) if (counts[c * width + b] > 0) candidates.push(c);
    const shownToB = this.#showcards.flatMap((s, i) => (s.to === b ? [i] : []));
    const handSize = this.#handsKnown ? this.game.handSizes[b] : 0;
    const target = quantifier === 'all';
    let visited = 0;
    let answer = target;
    // Returns true once the answer is decided (a counterexample for 'all', a witness for 'some').
    const decide = (hand: number, shown: number[]): boolean => {
      if (++visited > limit) {
        throw new RangeError(`more than ${limit.toLocaleString('en-US')} possible informations of ${this.game.players[b]} to weigh`);
      }
      const deal = Uint32Array.from(w.deal);
      deal[b] = hand;
      if (this.#holds(chi, { deal, shown }) === target) return false;
      answer = !target;
      return true;
    };
    // The card each showcard to b showed; a knows those it showed itself.
    const chooseShown = (k: number, hand: number, shown: number[]): boolean => {
      if (k === shownToB.length) return decide(hand, shown);
      const i = shownToB[k];
      const s = this.#showcards[i];
      if (aSaw(s)) return chooseShown(k + 1, hand, shown);
      for (let m = s.cards; m !== 0; m &= m - 1) {
        const c = 31 - Math.clz32(m & -m);
        const saved = owners[c];
        owners[c] &= 1 << s.by;
        const next = shown.slice();
        next[i] = c;
        const done = owners[c] !== 0 && allows() && chooseShown(k + 1, hand, next);
        owners[c] = saved;
        if (done) return true;
      }
      return false;
    };
    // b's hand, card by card among the candidates: each either b's (and counted) or not b's.
    const chooseHand = (j: number, hand: number, size: number): boolean => {
      if (size === handSize) {
        const saved = Uint32Array.from(owners);
        for (let k = j; k < candidates.length; k++) owners[candidates[k]] &= ~(1 << b);
        const done = allows() && chooseShown(0, hand, w.shown.slice());
        owners.set(saved);
        return done;
      }
      if (candidates.length - j < handSize - size) return false;
      const c = candidates[j];
      const saved = owners[c];
      let done = false;
      owners[c] = 1 << b;
      if (allows()) done = chooseHand(j + 1, hand | (1 << c), size + 1);
      if (!done) {
        owners[c] = saved & ~(1 << b);
        if (owners[c] !== 0 && allows()) done = chooseHand(j + 1, hand, size);
      }
      owners[c] = saved;
      return done;
    };
    chooseHand(0, 0, 0);
    return answer;
  }

  #slot(owner: number): number {
    return slotOf(owner, this.#nSeats);
  }

  /**
   * Whether the group knows the propositional φ at world w: false as soon as a deal one swap from
   * w that the group's information allows fails φ (#witnessed), else exactly, on its position.
   */
  #knows(group: number[], phi: Formula, w: World): boolean {
    // A deal refutes φ when it satisfies a term of ¬φ: literals read straight off the deal's masks.
    const terms = this.#negatedSlotTermsOf(phi);
    if (this.#witnessed(group, w, (deal) => terms.some((term) => term.every(({ slot, bit, positive }) => ((deal[slot] & bit) !== 0) === positive)))) return false;
    const forced = this.#forcedOf(this.#information(group, w));
    if (this.#negatedTermsOf(phi).every((term) => ruledOutByFacts(forced, term, this.#nSeats))) return true;
    return this.#knownIn(this.#positionOf(group, w), phi);
  }

  /** What the group knows together at world w: public facts, their hands, the cards shown to them; and a key naming it. */
  #informationOf(group: number[], w: World): { facts: Fact[]; key: string } {
    const facts: Fact[] = [];
    const keyParts: string[] = [];
    for (const a of group) {
      if (this.#handsKnown) {
        facts.push(...handFacts(a, w.deal[a], this.game.deck.cards.length));
        keyParts.push(`${a}:${w.deal[a]}`);
      }
      this.#showcards.forEach((s, i) => {
        if (s.to === a) {
          facts.push({ kind: 'holds', owner: s.by, cards: 1 << w.shown[i] });
          keyParts.push(`${i}=${w.shown[i]}`);
        }
      });
    }
    return { facts, key: `${group.join(',')}|${keyParts.join(';')}` };
  }

  /** The position of what the group knows together at world w. */
  #positionOf(group: number[], w: World): Position {
    const information = this.#information(group, w);
    const { key } = information;
    let p = this.#positions.get(key);
    if (!p) {
      // Each position holds a DAG in the core's memory: keep the cache bounded.
      if (this.#positions.size >= MAX_CACHED_POSITIONS) {
        for (const old of this.#positions.values()) old.dispose();
        this.#positions.clear();
      }
      p = this.#core.load(this.#storeOf(information));
      this.#positions.set(key, p);
    }
    return p;
  }

  /**
   * Whether some deal the group's information allows, w's or one swap of two cards from it (between
   * two owners outside the group, the envelope's within a category), satisfies `refutes`. Such a
   * deal proves that the group does not know what it refutes, without building the group's
   * position: most of the time, in drawn worlds, the agents know too little to need it. Only a
   * proof: when no near deal refutes, the position decides.
   */
  #witnessed(group: number[], w: World, refutes: (deal: Uint32Array) => boolean): boolean {
    const at = this.#informationAt(group, w);
    const { information } = at;
    at.isDeal ??= dealMeets(this.#storeOf(information), w.deal);
    if (!at.isDeal) return false; // a made-up deal: nested modalities weigh informations on them
    const deal = this.#scratch;
    deal.set(w.deal);
    if (refutes(deal)) return true;
    // The envelope's swaps first: what an agent does not know is most often the envelope.
    for (const envelope of [true, false]) {
      const swaps = envelope ? (at.envelopeSwaps ??= this.#swapsAllowed(group, w, information, true)) : (at.seatSwaps ??= this.#swapsAllowed(group, w, information, false));
      for (let i = 0; i < swaps.length; i += 4) {
        const [o, p, x, y] = [swaps[i], swaps[i + 1], swaps[i + 2], swaps[i + 3]];
        swapCards(deal, o, p, x, y);
        const refuted = refutes(deal);
        swapCards(deal, o, p, y, x);
        if (refuted) return true;
      }
    }
    return false;
  }

  /** The group's information at w (shared by every world where it is the same), with what depends on w's deal. */
  #informationAt(group: number[], w: World): InformationAt {
    const atWorld = (w.informations ??= new Map());
    const name = group.join(',');
    let at = atWorld.get(name);
    if (at) return at;
    const { facts, key } = this.#informationOf(group, w);
    let information = this.#informations.get(key);
    if (!information) {
      if (this.#informations.size >= MAX_CACHED_POSITIONS) this.#informations.clear();
      information = { key, facts, store: null, forced: null, clausesOf: null };
      this.#informations.set(key, information);
    }
    at = { information, isDeal: null, envelopeSwaps: null, seatSwaps: null };
    atWorld.set(name, at);
    return at;
  }

  /** The group's information at w. */
  #information(group: number[], w: World): Information {
    return this.#informationAt(group, w).information;
  }

  /** The group's information as a store: the public one with its facts. */
  #storeOf(information: Information): ConstraintStore {
    return (information.store ??= addFacts(this.#public, information.facts));
  }

  /** The store with the placements unit propagation forces (knowledge/propagate.ts). */
  #forcedOf(information: Information): ConstraintStore {
    const store = this.#storeOf(information);
    return (information.forced ??= propagate(store) ?? store);
  }

  /**
   * The swaps of two cards of w's deal that the group's information allows, as (owner, owner,
   * card, card) quadruples: between a seat outside the group and the envelope, within a category
   * (`envelope`), or between two seats outside the group. Only the constraints on the two cards
   * are checked: w's deal meets the rest (#witnessed checks it first).
   */
  #swapsAllowed(group: number[], w: World, information: Information, envelope: boolean): Int32Array {
    const store = this.#storeOf(information);
    const n = this.#nSeats;
    const clausesOf = (information.clausesOf ??= this.#clausesByCard(store));
    const seats = Array.from({ length: n }, (_, s) => s).filter((s) => !this.#handsKnown || !group.includes(s));
    const pairs = envelope ? seats.map((o) => [o, n]) : seats.flatMap((o, i) => seats.slice(i + 1).map((p) => [o, p]));
    const categoryOf = this.game.deck.categoryOf;
    const deal = this.#scratch;
    deal.set(w.deal);
    const out: number[] = [];
    for (const [o, p] of pairs) {
      for (let a = w.deal[o] >>> 0; a !== 0; a &= a - 1) {
        const x = 31 - Math.clz32(a & -a);
        // o gives x away: neither may it be known to hold x, nor p to lack it.
        if ((store.holds[o] >>> x) & 1 || (store.lacks[p] >>> x) & 1) continue;
        for (let b = w.deal[p] >>> 0; b !== 0; b &= b - 1) {
          const y = 31 - Math.clz32(b & -b);
          if (p === n && categoryOf[x] !== categoryOf[y]) continue; // one envelope card per category
          if ((store.holds[p] >>> y) & 1 || (store.lacks[o] >>> y) & 1) continue;
          swapCards(deal, o, p, x, y);
          let met = true;
          for (const k of clausesOf[x]) if (met) met = clauseMet(store.clauses[k], deal);
          for (const k of clausesOf[y]) if (met) met = clauseMet(store.clauses[k], deal);
          swapCards(deal, o, p, y, x);
          if (met) out.push(o, p, x, y);
        }
      }
    }
    return Int32Array.from(out);
  }

  /** Per card, the clauses of the store it is in. */
  #clausesByCard(store: ConstraintStore): number[][] {
    const byCard: number[][] = Array.from({ length: store.nCards }, () => []);
    store.clauses.forEach((c, k) => {
      for (let m = c.cards >>> 0; m !== 0; m &= m - 1) byCard[31 - Math.clz32(m & -m)].push(k);
    });
    return byCard;
  }

  /** φ's negation in disjunctive normal form, its literals by owner slot and card bit, computed once per formula. */
  #negatedSlotTermsOf(phi: Formula): SlotLiteral[][] {
    let terms = this.#negatedSlotTerms.get(phi);
    if (!terms) {
      terms = this.#negatedTermsOf(phi).map((term) => term.map(({ owner, card, positive }) => ({ slot: this.#slot(owner), bit: (1 << card) >>> 0, positive })));
      this.#negatedSlotTerms.set(phi, terms);
    }
    return terms;
  }

  /** φ's negation in disjunctive normal form, computed once per formula. */
  #negatedTermsOf(phi: Formula): Literal[][] {
    let terms = this.#negatedTerms.get(phi);
    if (!terms) this.#negatedTerms.set(phi, (terms = dnf({ op: 'not', arg: phi })));
    return terms;
  }

  /** The position's owner counts, computed once (a pass over its DAG). */
  #ownerCountsOf(position: Position): Float64Array {
    let counts = this.#ownerCounts.get(position);
    if (!counts) this.#ownerCounts.set(position, (counts = position.ownerCounts()));
    return counts;
  }

  /**
   * The observer's exact probability of a formula without modalities (its value depends on the deal
   * alone, and the observer's deals are equally likely): the consistent deals where it holds over
   * all of them, by inclusion–exclusion over the terms of its disjunctive normal form, each
   * intersection one restricted count. Null for a formula with modalities or too many terms.
   */
  exactProbability(f: Formula): { probability: number; known: boolean } | null {
    if (!isPropositional(f)) return null;
    let terms: Literal[][];
    try {
      terms = dnf(f);
    } catch {
      return null;
    }
    if (terms.length > MAX_EXACT_TERMS) return null;
    const nCards = this.game.deck.cards.length;
    const all = 2 ** ownerWidth(this.#nSeats) - 1;
    const observer = this.#core.load(this.#observer);
    try {
      const total = observer.restrictedCount(new Uint32Array(nCards).fill(all));
      // Sums of counts stay exact in doubles below 2^53.
      if (total * 2 ** terms.length >= 2 ** 53) return null;
      let holding = 0;
      for (let subset = 1; subset < 2 ** terms.length; subset++) {
        const owners = new Uint32Array(nCards).fill(all);
        let size = 0;
        for (let t = 0; t < terms.length; t++) {
          if (!(subset & (1 << t))) continue;
          size++;
          for (const { owner, card, positive } of terms[t]) {
            const bit = 1 << this.#slot(owner);
            owners[card] &= positive ? bit : all & ~bit;
          }
        }
        if (owners.some((o) => o === 0)) continue;
        holding += (size % 2 === 1 ? 1 : -1) * observer.restrictedCount(owners);
      }
      return { probability: holding / total, known: holding === total };
    } finally {
      observer.dispose();
    }
  }

  /** Whether every deal of the position satisfies the propositional formula. */
  #knownIn(position: Position, f: Formula): boolean {
    const nCards = this.game.deck.cards.length;
    const width = ownerWidth(this.#nSeats);
    const all = 2 ** width - 1;
    for (const term of this.#negatedTermsOf(f)) {
      if (term.length === 1) {
        // One placement, read off the owner counts: some deal has the card with (or away from) the owner.
        const { owner, card, positive } = term[0];
        const counts = this.#ownerCountsOf(position);
        const slot = this.#slot(owner);
        let possible = false;
        for (let o = 0; o < width && !possible; o++) possible = (o === slot) === positive && counts[card * width + o] > 0;
        if (possible) return false;
        continue;
      }
      const owners = new Uint32Array(nCards).fill(all);
      let possible = true;
      for (const { owner, card, positive } of term) {
        const bit = 1 << this.#slot(owner);
        owners[card] &= positive ? bit : all & ~bit;
        if (owners[card] === 0) possible = false;
      }
      if (possible && position.restrictedCount(owners) > 0) return false;
    }
    return true;
  }

  dispose(): void {
    for (const p of this.#positions.values()) p.dispose();
    this.#positions.clear();
    this.#informations.clear();
  }
}

/**
 * Per category, the cards the store's own facts leave possible in the envelope: not held by another
 * owner (a seat, the table), not lacked by the envelope; the envelope's own card when it holds one.
 */
function envelopeOptionsByFacts(store: ConstraintStore, nSeats: number): number {
  let elsewhere = store.faceUpMask >>> 0;
  for (let o = 0; o < nSeats; o++) elsewhere |= store.holds[o];
  let options = 0;
  for (const mask of store.categoryMasks) {
    const held = store.holds[nSeats] & mask;
    options |= held !== 0 ? held : mask & ~elsewhere & ~store.lacks[nSeats];
  }
  return options >>> 0;
}

/** Kenv read off the store's own facts: one possible envelope card in every category (false: the DAG decides). */
function envelopeFixedByFacts(store: ConstraintStore): boolean {
  const options = envelopeOptionsByFacts(store, store.nSeats);
  return store.categoryMasks.every((mask) => popcount(options & mask) === 1);
}

/**
 * Whether the store's own facts rule out every deal where the term (a conjunction of literals)
 * holds: a literal they contradict (a card placed with an owner that lacks it or where another
 * owner holds it; a card kept from an owner that holds it), or a category whose every card the
 * term and the facts keep out of the envelope. Only a proof: false leaves it to the DAG.
 */
function ruledOutByFacts(store: ConstraintStore, term: readonly Literal[], nSeats: number): boolean {
  let envelope = envelopeOptionsByFacts(store, nSeats);
  const slotOfOwner = (owner: number) => slotOf(owner, nSeats);
  const table = slotOf(TABLE, nSeats);
  const heldBy = (slot: number) => (slot === table ? store.faceUpMask : store.holds[slot]) >>> 0;
  const lackedBy = (slot: number) => (slot === table ? ~store.faceUpMask : store.lacks[slot]) >>> 0;
  for (const { owner, card, positive } of term) {
    const slot = slotOfOwner(owner);
    const bit = (1 << card) >>> 0;
    if (positive) {
      if (lackedBy(slot) & bit) return true;
      for (let o = 0; o <= table; o++) if (o !== slot && heldBy(o) & bit) return true;
      // In the envelope, the card is its category's; elsewhere, it is not the envelope's.
      envelope &= slot === nSeats ? ~(store.categoryMasks.find((m) => m & bit)! & ~bit) : ~bit;
    } else {
      if (heldBy(slot) & bit) return true;
      if (slot === nSeats) envelope &= ~bit;
    }
  }
  return store.categoryMasks.some((mask) => (envelope & mask) === 0);
}

/** Moves card x from owner o to p and card y from p to o. */
function swapCards(deal: Uint32Array, o: number, p: number, x: number, y: number): void {
  deal[o] = ((deal[o] & ~(1 << x)) | (1 << y)) >>> 0;
  deal[p] = ((deal[p] & ~(1 << y)) | (1 << x)) >>> 0;
}

/** Whether some card of the clause lies with one of its owners in the deal. */
function clauseMet(clause: { cards: number; owners: number }, deal: Uint32Array): boolean {
  for (let m = clause.owners >>> 0; m !== 0; m &= m - 1) if ((deal[31 - Math.clz32(m & -m)] & clause.cards) !== 0) return true;
  return false;
}

function handFacts(seat: number, hand: number, nCards: number): Fact[] {
  const all = nCards === 32 ? 0xffffffff : 2 ** nCards - 1;
  return [
    { kind: 'holds', owner: seat, cards: hand >>> 0 },
    { kind: 'lacks', owner: seat, cards: (all & ~hand) >>> 0 },
  ];
}

function tidy(store: ConstraintStore): ConstraintStore {
  store.clauses = essentialClauses(store);
  return store;
}

/** Kenv: one possible envelope card in every category. */
function knowsEnvelope(counts: Float64Array, categoryMasks: number[], nSeats: number): boolean {
  const width = ownerWidth(nSeats);
  return categoryMasks.every((mask) => {
    let candidates = 0;
    for (let m = mask >>> 0; m !== 0; m &= m - 1) if (counts[(31 - Math.clz32(m & -m)) * width + nSeats] > 0) candidates++;
    return candidates === 1;
  });
}

interface Literal {
  owner: number;
  card: number;
  positive: boolean;
}

/** A literal as a deal's masks read it: the owner's slot and the card's bit. */
interface SlotLiteral {
  slot: number;
  bit: number;
  positive: boolean;
}

/** A propositional formula in disjunctive normal form: terms of literals (an empty term is true; no terms, false). */
export function dnf(f: Formula, negated = false): Literal[][] {
  const product = (a: Literal[][], b: Literal[][]): Literal[][] => {
    const out: Literal[][] = [];
    for (const x of a) for (const y of b) out.push([...x, ...y]);
    if (out.length > MAX_TERMS) throw new RangeError(`the formula has more than ${MAX_TERMS} terms in disjunctive normal form`);
    return out;
  };
  const sum = (a: Literal[][], b: Literal[][]) => {
    if (a.length + b.length > MAX_TERMS) throw new RangeError(`the formula has more than ${MAX_TERMS} terms in disjunctive normal form`);
    return [...a, ...b];
  };
  switch (f.op) {
    case 'true':
      return negated ? [] : [[]];
    case 'false':
      return negated ? [[]] : [];
    case 'has':
      return [[{ owner: f.owner, card: f.card, positive: !negated }]];
    case 'not':
      return dnf(f.arg, !negated);
    case 'and':
    case 'or': {
      const parts = f.args.map((g) => dnf(g, negated));
      const conjunctive = (f.op === 'and') !== negated;
      return conjunctive ? parts.reduce(product) : parts.reduce(sum);
    }
    case 'implies':
      return dnf({ op: 'or', args: [{ op: 'not', arg: f.args[0] }, f.args[1]] }, negated);
    case 'iff': {
      const [a, b] = f.args;
      const both = { op: 'and', args: [a, b] } as Formula;
      const neither = { op: 'and', args: [{ op: 'not', arg: a }, { op: 'not', arg: b }] } as Formula;
      return dnf({ op: 'or', args: [both, neither] }, negated);
    }
    default:
      throw new Error(`dnf of ${f.op}: not propositional`);
  }
}
