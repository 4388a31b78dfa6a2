/**
 * The deal as propositional variables: x[c][o], "owner slot o holds card c", one-hot per card, for
 * every card that is not face up and every owner slot (the seats, then the envelope:
 * model/owners.ts). Card-major order: each card's owners form a block, the blocks in deck order
 * (so the categories in deck order). The table's cards are constants. The rules of the deal (one
 * owner per card, the hand sizes, one envelope card per category, the hand quotas) are the
 * initial state law.
 */
import type { Game } from '../../model/game.js';
import { ENVELOPE, slotOf, TABLE, type Owner } from '../../model/owners.js';
import { FALSE, TRUE, type Bdd, type Diagrams } from './bdd.js';

export class DealVariables {
  readonly nSeats: number;
  readonly nOwners: number;
  /** x[card * nOwners + slot]: the variable, or -1 for a face-up card. */
  readonly #x: Int32Array;
  readonly #faceUp: Set<number>;

  constructor(
    readonly diagrams: Diagrams,
    readonly game: Game,
  ) {
    this.nSeats = game.players.length;
    this.nOwners = this.nSeats + 1;
    this.#faceUp = new Set(game.faceUp);
    const nCards = game.deck.cards.length;
    this.#x = new Int32Array(nCards * this.nOwners).fill(-1);
    for (let c = 0; c < nCards; c++) {
      if (this.#faceUp.has(c)) continue;
      for (let o = 0; o < this.nOwners; o++) this.#x[c * this.nOwners + o] = diagrams.newVar();
    }
  }

  /** The cards that are not face up, in deck order. */
  get dealtCards(): number[] {
    return this.game.deck.cards.map((_, c) => c).filter((c) => !this.#faceUp.has(c));
  }

  /** Every deal variable. */
  all(): number[] {
    return [...this.#x].filter((v) => v >= 0);
  }

  /** The variable of "slot holds card" (card not face up). */
  variable(card: number, slot: number): number {
    const v = this.#x[card * this.nOwners + slot];
    if (v < 0) throw new RangeError(`card ${card} is face up: it has no variable`);
    return v;
  }

  /** The variables a seat observes once it has looked at its hand: whether it holds each card. */
  handOf(seat: number): number[] {
    return this.dealtCards.map((c) => this.variable(c, seat));
  }

  /** has(owner, card) as a diagram: the table's cards are constants. */
  has(owner: Owner, card: number): Bdd {
    if (this.#faceUp.has(card)) return owner === TABLE ? TRUE : FALSE;
    if (owner === TABLE) return FALSE;
    return this.diagrams.variable(this.variable(card, slotOf(owner, this.nSeats)));
  }

  /** The level just above the block of `card` (a face-up card's: of the next card that has one; else the bottom). */
  levelAbove(card: number): number {
    const next = this.dealtCards.find((c) => c >= card);
    return next === undefined ? this.diagrams.variables : this.diagrams.levelOf(this.variable(next, 0));
  }

  /** The level just below the block of `card` (a face-up card's: of the previous card that has one; else the top). */
  levelBelow(card: number): number {
    const previous = this.dealtCards.filter((c) => c <= card).pop();
    return previous === undefined ? 0 : this.diagrams.levelOf(this.variable(previous, this.nOwners - 1)) + 1;
  }

  /** The rules of the deal: each card one owner, each seat its hand size (and quotas), the envelope one card of each category. */
  rules(): Bdd {
    const d = this.diagrams;
    const { deck, handSizes, rules } = this.game;
    const cards = this.dealtCards;
    const envelope = slotOf(ENVELOPE, this.nSeats);
    const parts: Bdd[] = [];
    const keep = (f: Bdd) => parts.push(f);
    for (const c of cards) keep(d.exactly(Array.from({ length: this.nOwners }, (_, o) => this.variable(c, o)), 1));
    deck.categories.forEach((_, g) => {
      const inCategory = cards.filter((c) => deck.categoryOf[c] === g);
      keep(d.exactly(inCategory.map((c) => this.variable(c, envelope)), 1));
      const quota = rules.handQuotas?.[g] ?? null;
      if (quota !== null) for (let s = 0; s < this.nSeats; s++) keep(d.exactly(inCategory.map((c) => this.variable(c, s)), quota));
    });
    for (let s = 0; s < this.nSeats; s++) keep(d.exactly(this.handOf(s), handSizes[s]));
    // Unprotected: nothing is collected while the law is built.
    const law = d.andAll(parts);
    return law;
  }

  /** The value of every deal variable at a full record's deal. */
  assignmentOf(deal: readonly number[]): Map<number, boolean> {
    const values = new Map<number, boolean>();
    for (const c of this.dealtCards) {
      for (let o = 0; o < this.nOwners; o++) values.set(this.variable(c, o), deal[c] !== TABLE && slotOf(deal[c], this.nSeats) === o);
    }
    return values;
  }
}
