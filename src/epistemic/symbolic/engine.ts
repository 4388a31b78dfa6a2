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
import { Diagrams, FALSE } from './bdd.js';
import { SymbolicEvaluator } from './evaluate.js';
import { buildGameStructure, type GameStructure, type Placement } from './game-structure.js';

export interface SymbolicOptions {
  showcard?: ShowcardReading;
  /** The most decision-diagram nodes held at once (Diagrams' maxNodes). */
  maxNodes?: number;
  /** Where the events' fresh variables enter the variable order (default DEFAULT_PLACEMENT; for measurements). */
  placement?: Placement;
}

export interface SymbolicStats {
  /** Variables of the diagrams (the deal's, the events', the announcements' and the counting-only ones). */
  variables: number;
  /** Nodes of the state law. */
  lawNodes: number;
  /** The most nodes live at once. */
  peakNodes: number;
  /** The law's nodes after each event. */
  lawNodesAfterEvent: number[];
  /** Time spent building the structure. */
  seconds: number;
}

interface Built {
  game: GameStructure;
  evaluator: SymbolicEvaluator;
  seconds: number;
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
    const states = evaluator.evaluate(f);
    const answer = evaluator.structure.diagrams.evaluate(states, (v) => point.get(v) ?? false);
    this.#diagrams!.collect();
    return answer;
  }

  /** The observer's probability, counted exactly over its states and the order variables of the showcards it did not see, and whether it knows f. */
  probability(f: Formula): Probability {
    const { game, evaluator } = this.#structure();
    const d = this.#diagrams!;
    const states = evaluator.evaluate(f);
    const observed = d.protect(d.and(game.structure.law, game.observation));
    const known = d.and(observed, d.not(states)) === FALSE;
    const counted = [...game.structure.variables, ...game.weightingVariables];
    const weighed = d.protect(d.and(observed, game.weighting));
    const total = d.count(weighed, counted);
    const inside = d.count(d.and(weighed, states), counted);
    d.unprotect(observed);
    d.unprotect(weighed);
    d.collect();
    return { probability: ratio(inside, total), standardError: null, known };
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
      this.#diagrams = new Diagrams({ maxNodes: this.#options.maxNodes });
      const game = buildGameStructure(this.#diagrams, this.game, this.count, this.#options);
      this.#built = { game, evaluator: new SymbolicEvaluator(game.structure, game.atoms), seconds: (performance.now() - started) / 1000 };
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
