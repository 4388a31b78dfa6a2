// What one seat knows of a game: the table, its own hand, the public events, the cards shown to
// it, and the cards it showed. This is all an agent ever receives. The deal lives only inside the
// engine; a view holds no reference to it, and only the engine can add to a view (through the
// writer it receives when creating the view).
import type { Deck } from '../model/deck.js';
import type { Game, GameEvent } from '../model/game.js';

export interface ViewWriter {
  /** Records an event as this seat saw it (`shown` only on its own suggestions). */
  observe(event: GameEvent): void;
  /** Records that this seat showed `card` to `suggester`. */
  showed(suggester: number, card: number): void;
}

export interface TableSetup {
  deck: Deck;
  players: string[];
  handSizes: number[];
  faceUp: number[];
}

export class SeatView {
  readonly deck: Deck;
  readonly players: readonly string[];
  readonly handSizes: readonly number[];
  readonly faceUp: readonly number[];
  readonly me: number;
  readonly myHand: readonly number[];
  readonly #events: GameEvent[] = [];
  readonly #showedTo: number[];

  constructor(setup: TableSetup, me: number, hand: number[], giveWriter: (writer: ViewWriter) => void) {
    this.deck = setup.deck;
    this.players = Object.freeze([...setup.players]);
    this.handSizes = Object.freeze([...setup.handSizes]);
    this.faceUp = Object.freeze([...setup.faceUp]);
    this.me = me;
    this.myHand = Object.freeze([...hand]);
    this.#showedTo = new Array(setup.players.length).fill(0);
    giveWriter({
      observe: (event) => void this.#events.push(Object.freeze({ ...event, cards: Object.freeze([...event.cards]) as number[] })),
      showed: (suggester, card) => void (this.#showedTo[suggester] = (this.#showedTo[suggester] | (1 << card)) >>> 0),
    });
  }

  get events(): readonly GameEvent[] {
    return this.#events;
  }

  /** Mask of the cards this seat has shown to `seat`. */
  showedTo(seat: number): number {
    return this.#showedTo[seat];
  }

  /** Mask of the cards shown to this seat, per refuting seat. */
  shownToMe(): number[] {
    const shown = new Array<number>(this.players.length).fill(0);
    for (const e of this.#events) {
      if (e.type === 'suggestion' && e.by === this.me && e.shownBy !== null && e.shown !== null) shown[e.shownBy] |= 1 << e.shown;
    }
    return shown.map((m) => m >>> 0);
  }

  /** Seats out of the game after a wrong accusation. */
  eliminated(): boolean[] {
    const out = new Array<boolean>(this.players.length).fill(false);
    for (const e of this.#events) if (e.type === 'accusation' && !e.correct) out[e.by] = true;
    return out;
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
    };
  }
}
