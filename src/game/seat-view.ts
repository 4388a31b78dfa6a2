// What one seat knows of a game: the table, its own hand, the public events, the cards shown to
// it, and the cards it showed. This is all an agent ever receives. The deal lives only inside the
// game's driver; a view holds no reference to it, and only the driver can add to a view (through
// the writer it receives when creating the view).
import type { Deck } from '../model/deck.js';
import { type Game } from '../model/game.js';
import { initialStanding, shownCard, standingStep, type Rules, type Standing } from '../model/rules.js';
import { type GameEvent } from '../model/events.js';

/** Records an event as this seat saw it: `shown` set when it saw the card (it suggested or refuted). */
export type ViewWriter = (seen: GameEvent) => void;

export interface TableSetup {
  deck: Deck;
  players: string[];
  handSizes: number[];
  faceUp: number[];
  /** The rule variants of the game. */
  rules: Rules;
}

export class SeatView {
  readonly deck: Deck;
  readonly players: readonly string[];
  readonly handSizes: readonly number[];
  readonly faceUp: readonly number[];
  readonly rules: Rules;
  readonly me: number;
  readonly myHand: readonly number[];
  readonly #events: GameEvent[] = [];
  readonly #showedTo: number[];
  /** The cards shown to it, per refuting seat: kept as events arrive, since agents ask at every decision. */
  readonly #shownToMe: number[];
  /** Who is out, kept as events arrive as well. */
  #standing: Standing;
  /** The card it showed, by the index of the event in which it showed it. */
  readonly #showedAt = new Map<number, number>();

  constructor(setup: TableSetup, me: number, hand: number[], giveWriter: (writer: ViewWriter) => void) {
    this.deck = setup.deck;
    this.players = Object.freeze([...setup.players]);
    this.handSizes = Object.freeze([...setup.handSizes]);
    this.faceUp = Object.freeze([...setup.faceUp]);
    this.rules = Object.freeze({ ...setup.rules });
    this.me = me;
    this.myHand = Object.freeze([...hand]);
    this.#showedTo = new Array(setup.players.length).fill(0);
    this.#shownToMe = new Array(setup.players.length).fill(0);
    this.#standing = initialStanding(setup.players.length);
    giveWriter((seen) => this.#record(seen));
  }

  #record(seen: GameEvent): void {
    // Built field by field, not spread, so that every recorded event of a type has one shape:
    // agents scan these events at every decision.
    let event: GameEvent;
    switch (seen.type) {
      case 'look':
        event = { type: 'look' };
        break;
      case 'endmove':
        event = { type: 'endmove', by: seen.by };
        break;
      case 'accusation':
        event = { type: 'accusation', by: seen.by, cards: this.#cards(seen.cards), correct: seen.correct };
        break;
      case 'suggest':
      case 'nocard':
        event = { type: seen.type, by: seen.by, cards: this.#cards(seen.cards) };
        break;
      case 'showcard': {
        const iShowed = seen.by === this.me && seen.shown !== null;
        if (iShowed) this.#showed(seen.to, seen.shown!);
        event = { type: 'showcard', by: seen.by, to: seen.to, cards: this.#cards(seen.cards), shown: iShowed ? null : seen.shown };
        break;
      }
      case 'suggestion': {
        const iShowed = seen.shownBy === this.me && seen.shown !== null;
        // A card it showed is kept apart: a log names the card only on the observer's own suggestions.
        if (iShowed) this.#showed(seen.by, seen.shown!);
        event = { type: 'suggestion', by: seen.by, cards: this.#cards(seen.cards), shownBy: seen.shownBy, shown: iShowed ? null : seen.shown };
        break;
      }
    }
    // As model/rules.ts cardsShownTo reads the events, one at a time.
    const shown = shownCard(event);
    if (shown !== null && shown.to === this.me) this.#shownToMe[shown.by] |= 1 << shown.card;
    this.#standing = standingStep(this.#standing, event);
    this.#events.push(Object.freeze(event));
  }

  #showed(to: number, card: number): void {
    this.#showedTo[to] = (this.#showedTo[to] | (1 << card)) >>> 0;
    this.#showedAt.set(this.#events.length, card);
  }

  #cards(cards: number[]): number[] {
    return Object.freeze([...cards]) as number[];
  }

  get events(): readonly GameEvent[] {
    return this.#events;
  }

  /**
   * The events with every card this seat saw named, the cards it showed included (a game log may
   * name those too: docs/game-log.md); `events` keeps those apart, as a log usually does.
   */
  eventsAsSeen(): GameEvent[] {
    return this.#events.map((e, i) => {
      const card = this.#showedAt.get(i);
      return card === undefined || (e.type !== 'showcard' && e.type !== 'suggestion') ? e : { ...e, shown: card };
    });
  }

  /** Mask of the cards this seat has shown to `seat`. */
  showedTo(seat: number): number {
    return this.#showedTo[seat];
  }

  /** Mask of the cards shown to this seat, per refuting seat. */
  shownToMe(): number[] {
    return this.#shownToMe.map((m) => m >>> 0);
  }

  /** Seats out of the game after a wrong accusation. */
  eliminated(): boolean[] {
    return [...this.#standing.eliminated];
  }

  /** This seat's knowledge as a game (the input of every inference function). */
  game(): Game {
    return {
      deck: this.deck,
      players: [...this.players],
      handSizes: [...this.handSizes],
      faceUp: [...this.faceUp],
      me: this.me,
      myHand: [...this.myHand],
      events: [...this.#events],
      rules: this.rules,
      deal: null,
    };
  }
}
