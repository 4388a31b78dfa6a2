/**
 * A deliberately naive reference model checker for the epistemic layer, written straight from
 * /work/shared/docs/epistemic-semantics.md (§1–§5) and docs/epistemic.md §3. It shares no code with
 * src/epistemic except the Formula type (and uses the Game type of src/model/game.ts):
 *
 * - deals by plain recursion over the cards;
 * - a world is `{ deal, choices, lessons }`: the owner of each card, the card shown at each showcard
 *   so far (action reading), and per agent the truth values of the formulas it privately learned
 *   whether (refinement reading, `learnsWhether`);
 * - `w ~a v` compares exactly what a observed: its hand (after `look`, or always when the game has
 *   no look), the choices of the showcards it took part in, and its lessons;
 * - formulas evaluated recursively from the definitions of §2.2 (K over the accessible worlds, C by
 *   BFS over the union of the relations, announcements by building the restricted model,
 *   learnsWhether by adding a lesson to every world).
 *
 * Slow on purpose. Values are memoised per (model, subformula) only so that nested operators do
 * not re-evaluate their arguments once per world.
 */
import type { Formula } from '../../src/epistemic/language/formula.js';
import { type Game } from '../../src/model/game.js';
import { ENVELOPE, TABLE } from '../../src/model/owners.js';
import { type GameEvent } from '../../src/model/events.js';

export type Reading = 'action' | 'refinement';

export interface World {
  /** Owner of each card: a seat, ENVELOPE or TABLE. */
  deal: number[];
  /** The card shown at each showcard so far (the model's `showcards`, in order). */
  choices: number[];
  /** Per agent: the values of the formulas it privately learned whether, in order. */
  lessons: boolean[][];
}

export interface ShowcardRecord {
  by: number;
  to: number;
  cards: number[];
  shown: number | null;
}

// ------------------------------------------------------------------------------------------------
// Deals

/** Every deal of the game: one envelope card per category, each seat its hand size, the face-up cards on the table, the quotas. */
export function allDeals(game: Game): number[][] {
  const nCards = game.deck.cards.length;
  const nSeats = game.players.length;
  const nCategories = game.deck.categories.length;
  const faceUp = new Set(game.faceUp);
  const deal: number[] = new Array(nCards).fill(0);
  const out: number[][] = [];
  const legal = (): boolean => {
    for (let s = 0; s < nSeats; s++) if (deal.filter((o) => o === s).length !== game.handSizes[s]) return false;
    for (let g = 0; g < nCategories; g++) {
      let inEnvelope = 0;
      for (let c = 0; c < nCards; c++) if (game.deck.categoryOf[c] === g && deal[c] === ENVELOPE) inEnvelope++;
      if (inEnvelope !== 1) return false;
      const quota = game.rules.handQuotas?.[g] ?? null;
      if (quota !== null) {
        for (let s = 0; s < nSeats; s++) {
          let n = 0;
          for (let c = 0; c < nCards; c++) if (game.deck.categoryOf[c] === g && deal[c] === s) n++;
          if (n !== quota) return false;
        }
      }
    }
    return true;
  };
  const place = (c: number): void => {
    if (c === nCards) {
      if (legal()) out.push([...deal]);
      return;
    }
    const owners = faceUp.has(c) ? [TABLE] : [ENVELOPE, ...Array.from({ length: nSeats }, (_, s) => s)];
    for (const o of owners) {
      deal[c] = o;
      // prune only what is obviously over: a seat past its hand size, a second envelope card of a category
      if (o >= 0 && deal.slice(0, c + 1).filter((x) => x === o).length > game.handSizes[o]) continue;
      if (o === ENVELOPE) {
        const g = game.deck.categoryOf[c];
        let n = 0;
        for (let d = 0; d <= c; d++) if (deal[d] === ENVELOPE && game.deck.categoryOf[d] === g) n++;
        if (n > 1) continue;
      }
      place(c + 1);
    }
  };
  place(0);
  return out;
}

// ------------------------------------------------------------------------------------------------
// The model

export class BruteModel {
  readonly #views = new Map<number, string[]>();
  readonly #classes = new Map<number, Map<string, number[]>>();
  readonly #components = new Map<string, number[]>();

  constructor(
    readonly game: Game,
    readonly worlds: World[],
    /** Hands are known: after `look`, or from the start when the game has no look event. */
    readonly handsKnown: boolean,
    /** The showcards so far (action reading): worlds' `choices[i]` is the card shown at showcards[i]. */
    readonly showcards: ShowcardRecord[],
  ) {}

  get size(): number {
    return this.worlds.length;
  }

  get nSeats(): number {
    return this.game.players.length;
  }

  /** Everything agent a has observed in world i, as a string: the definition of ~a is equality of it. */
  view(a: number, i: number): string {
    let views = this.#views.get(a);
    if (!views) {
      views = this.worlds.map((w) => {
        const hand = this.handsKnown ? w.deal.map((o, c) => (o === a ? c : -1)).filter((c) => c >= 0) : [];
        const choices = this.showcards.map((s, k) => (s.by === a || s.to === a ? w.choices[k] : -1));
        return JSON.stringify([hand, choices, w.lessons[a]]);
      });
      this.#views.set(a, views);
    }
    return views[i];
  }

  related(a: number, i: number, j: number): boolean {
    return this.view(a, i) === this.view(a, j);
  }

  /** Every world j with i ~a j. */
  neighbours(a: number, i: number): number[] {
    let classes = this.#classes.get(a);
    if (!classes) {
      classes = new Map();
      for (let j = 0; j < this.size; j++) {
        const v = this.view(a, j);
        const list = classes.get(v);
        if (list) list.push(j);
        else classes.set(v, [j]);
      }
      this.#classes.set(a, classes);
    }
    return classes.get(this.view(a, i))!;
  }

  /** The worlds reachable from i by a finite chain (length ≥ 0) of ~a steps, a ∈ group: BFS. */
  reachable(group: number[], i: number): number[] {
    const key = `${group.join(',')}:${i}`;
    const known = this.#components.get(key);
    if (known) return known;
    const seen = new Set<number>([i]);
    const queue = [i];
    while (queue.length > 0) {
      const w = queue.shift()!;
      for (const a of group) {
        for (const v of this.neighbours(a, w)) {
          if (!seen.has(v)) {
            seen.add(v);
            queue.push(v);
          }
        }
      }
    }
    const component = [...seen];
    // the relations are equivalences, so every member reaches exactly the same worlds
    for (const w of component) this.#components.set(`${group.join(',')}:${w}`, component);
    return component;
  }

  /** M|s: the worlds where `keep` is true, relations restricted (they are defined from the worlds themselves). */
  restrict(keep: boolean[]): { model: BruteModel; index: number[] } {
    const index: number[] = [];
    const worlds: World[] = [];
    this.worlds.forEach((w, i) => {
      index.push(keep[i] ? worlds.length : -1);
      if (keep[i]) worlds.push(w);
    });
    return { model: new BruteModel(this.game, worlds, this.handsKnown, this.showcards), index };
  }

  /** The agents privately learn whether a formula whose value in each world is `values`. */
  learn(agents: number[], values: boolean[]): BruteModel {
    const group = new Set(agents);
    const worlds = this.worlds.map((w, i) => ({
      deal: w.deal,
      choices: w.choices,
      lessons: w.lessons.map((l, a) => (group.has(a) ? [...l, values[i]] : l)),
    }));
    return new BruteModel(this.game, worlds, this.handsKnown, this.showcards);
  }

  /** Showcard as the action-model product (§5.4): one world (w, k) per card k of `cards` that `by` holds in w. */
  product(s: ShowcardRecord): BruteModel {
    const worlds: World[] = [];
    for (const w of this.worlds) {
      for (const k of s.cards) if (w.deal[k] === s.by) worlds.push({ deal: w.deal, choices: [...w.choices, k], lessons: w.lessons });
    }
    return new BruteModel(this.game, worlds, this.handsKnown, [...this.showcards, s]);
  }

  look(): BruteModel {
    return new BruteModel(this.game, this.worlds, true, this.showcards);
  }
}

// ------------------------------------------------------------------------------------------------
// Formulas

export class BruteEvaluator {
  readonly #cache = new Map<Formula, boolean[]>();

  constructor(readonly model: BruteModel) {}

  values(f: Formula): boolean[] {
    let v = this.#cache.get(f);
    if (!v) {
      v = this.model.worlds.map((_, i) => this.#at(f, i));
      this.#cache.set(f, v);
    }
    return v;
  }

  holds(f: Formula, i: number): boolean {
    return this.values(f)[i];
  }

  #at(f: Formula, i: number): boolean {
    const m = this.model;
    switch (f.op) {
      case 'true':
        return true;
      case 'false':
        return false;
      case 'has':
        return m.worlds[i].deal[f.card] === f.owner;
      case 'not':
        return !this.holds(f.arg, i);
      case 'and':
        return f.args.every((g) => this.holds(g, i));
      case 'or':
        return f.args.some((g) => this.holds(g, i));
      case 'implies':
        return !this.holds(f.args[0], i) || this.holds(f.args[1], i);
      case 'iff':
        return this.holds(f.args[0], i) === this.holds(f.args[1], i);
      case 'K':
        return m.neighbours(f.agent, i).every((j) => this.holds(f.arg, j));
      case 'M':
        return m.neighbours(f.agent, i).some((j) => this.holds(f.arg, j));
      case 'E':
        return groupOf(f.group).every((a) => m.neighbours(a, i).every((j) => this.holds(f.arg, j)));
      case 'D': {
        const g = groupOf(f.group);
        return m.neighbours(g[0], i).every((j) => !g.every((a) => m.related(a, i, j)) || this.holds(f.arg, j));
      }
      case 'C':
        return m.reachable(groupOf(f.group), i).every((j) => this.holds(f.arg, j));
      case 'Kenv':
        return this.holds(this.#kenv(f.agent), i);
      case 'announce': {
        if (!this.holds(f.what, i)) return true;
        const sub = this.#announced(f.what);
        return sub.evaluator.holds(f.then, sub.index[i]);
      }
      case 'learnsWhether':
        return this.#learned(f.agents, f.what).holds(f.then, i);
    }
  }

  readonly #kenvs = new Map<number, Formula>();
  /** Kenv_a := ⋀_X ⋁_{c∈X} K_a has(envelope, c). */
  #kenv(a: number): Formula {
    let f = this.#kenvs.get(a);
    if (!f) {
      const deck = this.model.game.deck;
      f = {
        op: 'and',
        args: deck.categories.map((_, g) => ({
          op: 'or',
          args: deck.cards.map((_, c) => c).filter((c) => deck.categoryOf[c] === g).map((c): Formula => ({ op: 'K', agent: a, arg: { op: 'has', owner: ENVELOPE, card: c } })),
        })),
      };
      this.#kenvs.set(a, f);
    }
    return f;
  }

  readonly #announcements = new Map<Formula, { evaluator: BruteEvaluator; index: number[] }>();
  #announced(what: Formula): { evaluator: BruteEvaluator; index: number[] } {
    let sub = this.#announcements.get(what);
    if (!sub) {
      const r = this.model.restrict(this.values(what));
      sub = { evaluator: new BruteEvaluator(r.model), index: r.index };
      this.#announcements.set(what, sub);
    }
    return sub;
  }

  readonly #lessons = new Map<string, BruteEvaluator>();
  #learned(agents: number[], what: Formula): BruteEvaluator {
    // keyed by the formula object and the group
    const key = `${agents.join(',')}#${this.#id(what)}`;
    let ev = this.#lessons.get(key);
    if (!ev) {
      ev = new BruteEvaluator(this.model.learn(agents, this.values(what)));
      this.#lessons.set(key, ev);
    }
    return ev;
  }

  readonly #ids = new Map<Formula, number>();
  #id(f: Formula): number {
    let id = this.#ids.get(f);
    if (id === undefined) this.#ids.set(f, (id = this.#ids.size));
    return id;
  }
}

function groupOf(group: number[]): number[] {
  return [...new Set(group)];
}

// ------------------------------------------------------------------------------------------------
// Game events

type Step =
  | { kind: 'look' }
  | { kind: 'announce'; formula: Formula; event: number }
  | { kind: 'showcard'; record: ShowcardRecord; event: number };

const hasF = (owner: number, card: number): Formula => ({ op: 'has', owner, card });
const notF = (arg: Formula): Formula => ({ op: 'not', arg });
const lacksAll = (owner: number, cards: number[]): Formula => ({ op: 'and', args: cards.map((c) => notF(hasF(owner, c))) });

/** The steps an event stands for (§5; the suggestion shorthand by the answer rule of §5.5, in the log's answer order). */
function stepsOf(game: Game, e: GameEvent, event: number): Step[] {
  const n = game.players.length;
  const suggested = (by: number, cards: number[]): Step[] =>
    game.rules.suggesterHoldsNone ? [{ kind: 'announce', formula: lacksAll(by, cards), event }] : [];
  switch (e.type) {
    case 'look':
      return [{ kind: 'look' }];
    case 'suggest':
      return suggested(e.by, e.cards);
    case 'nocard':
      return [{ kind: 'announce', formula: lacksAll(e.by, e.cards), event }];
    case 'showcard':
      return [{ kind: 'showcard', record: { by: e.by, to: e.to, cards: e.cards, shown: e.shown }, event }];
    case 'endmove':
      return [{ kind: 'announce', formula: notF({ op: 'Kenv', agent: e.by }), event }];
    case 'accusation': {
      const all: Formula = { op: 'and', args: e.cards.map((c) => hasF(ENVELOPE, c)) };
      return [{ kind: 'announce', formula: e.correct ? all : notF(all), event }];
    }
    case 'suggestion': {
      const out = suggested(e.by, e.cards);
      const stop = e.shownBy ?? e.by;
      const step = game.rules.answerOrder === 'previous' ? n - 1 : 1;
      for (let s = (e.by + step) % n; s !== stop; s = (s + step) % n) out.push({ kind: 'announce', formula: lacksAll(s, e.cards), event });
      if (e.shownBy !== null) out.push({ kind: 'showcard', record: { by: e.shownBy, to: e.by, cards: e.cards, shown: e.shown }, event });
      return out;
    }
  }
}

export interface BruteGame {
  model: BruteModel;
  evaluator: BruteEvaluator;
  /** The actual world of a full record (deal and the shown cards), else null. */
  point: number | null;
  /** Refinement reading: the showcards applied (their private lessons), in order. */
  lessons: ShowcardRecord[];
}

/** The model after the first `count` events, each event applied in order. */
export function bruteGameModel(game: Game, count: number, reading: Reading): BruteGame {
  const hasLook = game.events.some((e) => e.type === 'look');
  const nSeats = game.players.length;
  let model = new BruteModel(
    game,
    allDeals(game).map((deal) => ({ deal, choices: [], lessons: Array.from({ length: nSeats }, () => []) })),
    !hasLook,
    [],
  );
  const lessons: ShowcardRecord[] = [];
  const announce = (f: Formula) => {
    model = model.restrict(new BruteEvaluator(model).values(f)).model;
  };
  game.events.slice(0, count).forEach((e, i) => {
    for (const step of stepsOf(game, e, i + 1)) {
      if (step.kind === 'look') model = model.look();
      else if (step.kind === 'announce') announce(step.formula);
      else if (reading === 'action') model = model.product(step.record);
      else {
        const { by, to, cards, shown } = step.record;
        if (shown === null) throw new Error(`event ${step.event}: the refinement reading needs the shown card`);
        // public ⋁_k has(by,k); `to` learns whether has(by, shown); public ⋁_k E_{to,by} has(by,k)
        announce({ op: 'or', args: cards.map((k) => hasF(by, k)) });
        model = model.learn([to], new BruteEvaluator(model).values(hasF(by, shown)));
        lessons.push(step.record);
        const pair = [...new Set([to, by])].sort((x, y) => x - y);
        announce({ op: 'or', args: cards.map((k): Formula => ({ op: 'E', group: pair, arg: hasF(by, k) })) });
      }
    }
  });
  let point: number | null = null;
  if (game.deal !== null) {
    const deal = game.deal;
    const choices = model.showcards.map((s) => s.shown);
    const found = model.worlds.findIndex((w) => w.deal.every((o, c) => o === deal[c]) && w.choices.every((k, j) => k === choices[j]));
    if (found < 0) throw new Error('brute force: the point is not in the model (an event is false of the deal)');
    point = found;
  }
  return { model, evaluator: new BruteEvaluator(model), point, lessons };
}

/** The value of f at the point of a full record. */
export function bruteValue(game: Game, count: number, reading: Reading, f: Formula): boolean {
  const g = bruteGameModel(game, count, reading);
  return g.evaluator.holds(f, g.point!);
}

/**
 * An observer's log (docs/epistemic.md §3): deals uniform over those consistent with what the
 * observer saw; a showcard it did not see shows, in each deal, each of the responder's matching
 * cards with equal chance; announcements remove worlds and the weights are renormalised.
 */
export function bruteObserver(g: BruteGame, game: Game): { worlds: number[]; weights: number[] } {
  const me = game.me;
  const myHand = [...game.myHand].sort((a, b) => a - b);
  const sees = (s: ShowcardRecord) => me !== null && s.shown !== null && (s.by === me || s.to === me);
  const worlds: number[] = [];
  const weights: number[] = [];
  g.model.worlds.forEach((w, i) => {
    if (me !== null && g.model.handsKnown) {
      const hand = w.deal.map((o, c) => (o === me ? c : -1)).filter((c) => c >= 0);
      if (hand.length !== myHand.length || hand.some((c, j) => c !== myHand[j])) return;
    }
    let weight = 1;
    for (let k = 0; k < g.model.showcards.length; k++) {
      const s = g.model.showcards[k];
      if (sees(s)) {
        if (w.choices[k] !== s.shown) return;
      } else weight /= s.cards.filter((c) => w.deal[c] === s.by).length;
    }
    for (const s of g.lessons) if (sees(s) && w.deal[s.shown!] !== s.by) return;
    worlds.push(i);
    weights.push(weight);
  });
  return { worlds, weights };
}

/** The observer's probability of f, and whether it holds in every world the observer considers. */
export function bruteProbability(game: Game, count: number, reading: Reading, f: Formula): { probability: number; known: boolean } {
  return bruteObserverAnswer(bruteGameModel(game, count, reading), game, f);
}

/** The observer's probability of f in the model g of the observer's log, and whether it holds in every world the observer considers. */
export function bruteObserverAnswer(g: BruteGame, game: Game, f: Formula): { probability: number; known: boolean } {
  const { worlds, weights } = bruteObserver(g, game);
  let total = 0;
  let inside = 0;
  let known = true;
  worlds.forEach((w, j) => {
    total += weights[j];
    if (g.evaluator.holds(f, w)) inside += weights[j];
    else known = false;
  });
  return { probability: inside / total, known };
}
