// The symbolic engine: the game's knowledge structure (game-structure.ts: a state law as a
// decision diagram, observed variables per agent, the events as transformers) and every formula
// evaluated on it exactly (evaluate.ts), nested to any depth, on the full classic game and beyond
// the explicit model's limit. Its answers are the explicit engine's: the value at a full record's
// point, the observer's exact probability (counted, docs/epistemic.md §3) and whether it knows.
import type { Game } from '../../model/game.js';
import type { Phrase } from '../../model/errors.js';
import type { Formula } from '../language/formula.js';
import type { ShowcardReading } from '../announcements.js';
import type { Probability, Semantics } from '../semantics.js';
import { Diagrams, FALSE, type Bdd } from './bdd.js';
import { SymbolicEvaluator } from './evaluate.js';
import { buildGameStructure, type ChoiceEncoding, type GameStructure, type Placement } from './game-structure.js';

export interface SymbolicOptions {
  showcard?: ShowcardReading;
  /** The most decision-diagram nodes held at once (Diagrams' maxNodes). */
  maxNodes?: number;
  /** Where the events' fresh variables enter the variable order (default DEFAULT_PLACEMENT; for measurements). */
  placement?: Placement;
  /** How a showcard's variables say which card was shown (default one-hot; for measurements). */
  choices?: ChoiceEncoding;
  /** Record the law's nodes after each event in stats() (a walk of the law per event; for measurements). */
  sizes?: boolean;
}

export interface SymbolicStats {
  /** Variables of the diagrams (the deal's, the events', the announcements' and the counting-only ones). */
  variables: number;
  /** Nodes of the state law. */
  lawNodes: number;
  /** The most nodes live at once. */
  peakNodes: number;
  /** The law's nodes after each event (with the option `sizes`; else empty). */
  lawNodesAfterEvent: number[];
  /** Time spent building the structure. */
  seconds: number;
}

interface Built {
  game: GameStructure;
  evaluator: SymbolicEvaluator;
  seconds: number;
  /** The observer's states (protected), once asked for. */
  observed?: Bdd;
  /** The observer's weighted states for a set of unseen showcards (by their indices), counted once. */
  weighed: Map<string, Weighed>;
}

/** The observer's states weighed for some unseen showcards, the others' choices quantified away. */
interface Weighed {
  /** Protected. */
  states: Bdd;
  /** The variables counted: V without the choices quantified away, and the selector variables. */
  counted: number[];
  total: bigint;
}

export class SymbolicEngine implements Semantics {
  readonly name = 'symbolic';
  readonly #options: SymbolicOptions;
  #diagrams: Diagrams | null = null;
  #built: Built | null = null;

  constructor(
    readonly game: Game,
    readonly count: number,
    options: SymbolicOptions = {},
  ) {
    this.#options = options;
  }

  /** Every formula. */
  unsupported(_f: Formula): Phrase | null {
    return null;
  }

  value(f: Formula): boolean {
    const { game, evaluator } = this.#structure();
    const point = game.point;
    if (point === null) throw new Error('value asked of a log without a deal: it has no actual world');
    return this.#collecting(() => this.#diagrams!.evaluate(evaluator.evaluate(f), (v) => point.get(v) ?? false));
  }

  /** The observer's probability, counted exactly over its states and the selector variables of the showcards it did not see, and whether it knows f. */
  probability(f: Formula): Probability {
    const built = this.#structure();
    const d = this.#diagrams!;
    return this.#collecting(() => {
      const states = built.evaluator.evaluate(f);
      const observed = this.#observed(built);
      const known = d.and(observed, d.not(states)) === FALSE;
      const weighed = this.#weighed(built, this.#weighedFor(built, states));
      const inside = d.count(d.and(weighed.states, states), weighed.counted);
      return { probability: ratio(inside, weighed.total), standardError: null, known };
    });
  }

  /**
   * The unseen showcards whose weights `states` needs: those whose choice it reads. Another one's
   * choices weigh 1/m each over its m valid choices, 1 in all, as long as no epistemic
   * announcement tied them to the rest of the law: then they are quantified away instead of weighed.
   */
  #weighedFor(built: Built, states: Bdd): number[] {
    const { unseen, announced } = built.game;
    if (announced) return unseen.map((_, i) => i);
    const support = new Set(this.#diagrams!.support(states));
    return unseen.flatMap((u, i) => (u.choice.some((v) => support.has(v)) ? [i] : []));
  }

  /** `answer()`, then the diagrams it left unprotected reclaimed, even when it ran out of nodes (the engine goes on answering). */
  #collecting<T>(answer: () => T): T {
    try {
      return answer();
    } finally {
      this.#diagrams!.collect();
    }
  }

  /** The observer's states: computed once. */
  #observed(built: Built): Bdd {
    built.observed ??= this.#diagrams!.protect(this.#diagrams!.and(built.game.structure.law, built.game.observation));
    return built.observed;
  }

  /** The observer's states weighed for the unseen showcards `weighed` (indices), the other unseen choices quantified away, and how many: computed once per set. */
  #weighed(built: Built, weighed: number[]): Weighed {
    const key = weighed.join(',');
    let w = built.weighed.get(key);
    if (w === undefined) {
      const d = this.#diagrams!;
      const { unseen, structure } = built.game;
      const kept = new Set(weighed);
      const dropped = new Set(unseen.flatMap((u, i) => (kept.has(i) ? [] : u.choice)));
      let states = this.#observed(built);
      if (dropped.size > 0) states = d.exists(states, d.cube([...dropped]));
      // One constraint at a time: each is small within the observer's states, their product alone is not.
      for (const i of weighed) states = d.and(states, unseen[i].weighting);
      d.protect(states);
      const counted = [...structure.variables.filter((v) => !dropped.has(v)), ...weighed.flatMap((i) => unseen[i].selectors)];
      w = { states, counted, total: d.count(states, counted) };
      built.weighed.set(key, w);
    }
    return w;
  }

  /** The distinct deals among the observer's states (its consistent deals): the other variables quantified away. */
  get observedDeals(): bigint {
    const built = this.#structure();
    const d = this.#diagrams!;
    return this.#collecting(() => {
      const observed = this.#observed(built);
      const deal = built.game.atoms.all();
      const inDeal = new Set(deal);
      const hidden = built.game.structure.variables.filter((v) => !inDeal.has(v));
      return d.count(hidden.length > 0 ? d.exists(observed, d.cube(hidden)) : observed, deal);
    });
  }

  /** The states of the law: the explicit model's worlds (deals with their hidden choices). */
  get worlds(): bigint {
    const { game } = this.#structure();
    return this.#diagrams!.count(game.structure.law, game.structure.variables);
  }

  stats(): SymbolicStats {
    const { game, seconds } = this.#structure();
    const d = this.#diagrams!;
    const { variables, peakNodes } = d.stats();
    return { variables, lawNodes: d.size(game.structure.law), peakNodes, lawNodesAfterEvent: game.lawNodesAfterEvent, seconds };
  }

  /** The structure, built on first use. */
  #structure(): Built {
    if (this.#built === null) {
      const started = performance.now();
      this.#diagrams?.dispose();
      this.#diagrams = new Diagrams({ maxNodes: this.#options.maxNodes });
      const game = buildGameStructure(this.#diagrams, this.game, this.count, this.#options);
      this.#built = { game, evaluator: new SymbolicEvaluator(game.structure, game.atoms), seconds: (performance.now() - started) / 1000, weighed: new Map() };
    }
    return this.#built;
  }

  /** Gives the diagrams' Wasm memory back now rather than when they are collected. */
  dispose(): void {
    this.#diagrams?.dispose();
    this.#diagrams = null;
    this.#built = null;
  }

  [Symbol.dispose](): void {
    this.dispose();
  }
}

/** inside / total as a number, divided exactly as bigints scaled to 2^64 first. */
function ratio(inside: bigint, total: bigint): number {
  if (total === 0n) return NaN;
  return Number((inside << 64n) / total) / 2 ** 64;
}
