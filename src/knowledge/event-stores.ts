// The constraint stores of sets of a log's events, read from an index of their facts rather than
// rebuilt from the events. Explaining a log asks many questions about sets of its events (a prefix,
// the log without a few entries, a few events and every event after some point); rebuilding each
// store from the events would make the explanation quadratic in the log's length. The index keeps,
// for every distinct thing an event teaches (a card a seat holds or lacks, an at-least-one clause),
// the events that teach it, in order: a store then costs one binary search per distinct fact, and a
// long log repeats a few hundred of them.
import { applyFact, cloneStore, essentialClauses, type ConstraintStore, type Fact } from './constraints.js';
import { factsOf, setupStore } from './constraints-of.js';
import type { Game } from '../model/game.js';
import { ownerWidth } from '../model/owners.js';

/**
 * A set of the informative events, by position in `EventStores.events`: those in [from, to) but
 * `except`, and those of `plus` (wherever they are).
 */
export interface EventSet {
  from?: number;
  to?: number;
  except?: ReadonlySet<number>;
  plus?: readonly number[];
}

/** Facts read into stores, the index's included: the work a store costs, for measuring it. */
export interface FactCount {
  facts: number;
}

export class EventStores {
  /** The events that teach the observer something (0-based, ascending): a position is an index of this. */
  readonly events: number[] = [];
  readonly #game: Game;
  readonly #setup: ConstraintStore;
  /** Each distinct fact (a holds or lacks of one card, or a clause), and the positions that teach it, ascending. */
  readonly #distinct: Fact[] = [];
  readonly #positions: number[][] = [];

  constructor(
    game: Game,
    readonly count: FactCount = { facts: 0 },
  ) {
    this.#game = game;
    this.#setup = setupStore(game);
    const nSeats = game.players.length;
    // Ids of the distinct facts seen: holds and lacks by owner and card, clauses by key.
    const cardIds = new Int32Array(2 * ownerWidth(nSeats) * 32).fill(-1);
    const clauseIds = new Map<number, number>();
    for (let i = 0; i < game.events.length; i++) {
      const facts = this.#factsOf(i);
      if (facts.length === 0) continue;
      const position = this.events.length;
      this.events.push(i);
      count.facts += facts.length;
      for (const f of facts) {
        if (f.kind === 'holds' || f.kind === 'lacks') {
          // One fact per card: the store ORs them again.
          for (let m = f.cards >>> 0; m !== 0; m &= m - 1) {
            const card = 31 - Math.clz32(m & -m);
            const key = ((f.kind === 'holds' ? 0 : ownerWidth(nSeats)) + f.owner) * 32 + card;
            if (cardIds[key] < 0) cardIds[key] = this.#newFact({ kind: f.kind, owner: f.owner, cards: (1 << card) >>> 0 });
            this.#taughtAt(cardIds[key], position);
          }
        } else {
          const key = clauseKey(f, nSeats);
          let id = clauseIds.get(key);
          if (id === undefined) clauseIds.set(key, (id = this.#newFact(f)));
          this.#taughtAt(id, position);
        }
      }
    }
  }

  #newFact(fact: Fact): number {
    this.#distinct.push(fact);
    this.#positions.push([]);
    return this.#distinct.length - 1;
  }

  #taughtAt(id: number, position: number): void {
    const at = this.#positions[id];
    if (at[at.length - 1] !== position) at.push(position);
  }

  /** The setup's store with the facts of the events of `set` (all of them by default), its clauses kept essential. */
  store({ from = 0, to = this.events.length, except, plus = [] }: EventSet = {}): ConstraintStore {
    const store = cloneStore(this.#setup);
    for (let id = 0; id < this.#distinct.length; id++) {
      if (taughtIn(this.#positions[id], from, to, except)) applyFact(store, this.#distinct[id]);
    }
    let added = this.#distinct.length;
    for (const position of plus) {
      const facts = this.#factsOf(this.events[position]);
      for (const fact of facts) applyFact(store, fact);
      added += facts.length;
    }
    this.count.facts += added;
    store.clauses = essentialClauses(store);
    return store;
  }

  #factsOf(event: number): Fact[] {
    return factsOf(this.#game.events[event], this.#game.players.length, this.#game);
  }
}

/** Is some position of `positions` (ascending) in [from, to) and not in `except`? */
function taughtIn(positions: readonly number[], from: number, to: number, except: ReadonlySet<number> | undefined): boolean {
  let lo = 0;
  let hi = positions.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (positions[mid] < from) lo = mid + 1;
    else hi = mid;
  }
  while (lo < positions.length && positions[lo] < to && except?.has(positions[lo])) lo++;
  return lo < positions.length && positions[lo] < to;
}

/** A number naming a clause by its cards and owners (the seats, the envelope, the table). */
function clauseKey(fact: Extract<Fact, { kind: 'atLeastOne' | 'notEnvelope' }>, nSeats: number): number {
  // The low bit tells an at-least-one clause from a notEnvelope.
  return fact.kind === 'atLeastOne' ? 2 * ((fact.cards >>> 0) * 2 ** ownerWidth(nSeats) + (fact.owners >>> 0)) : 2 * (fact.cards >>> 0) + 1;
}
