/**
 * Long impossible logs for tests and benchmarks of the explanation of a contradiction: a classic
 * six-seat game seen by Ann, random suggestions by the other seats answered from a hidden deal,
 * and one event that no deal allows: Bob shows Ann a card he does not hold (`wrong`, never named
 * by any other suggestion, so that no pass rules it out first). Bob's three cards are shown to Ann
 * at three events before it, together (just before it) or spread over the log, so that the
 * contradiction rests on the hand size and the events that show Bob's hand, wherever they are.
 * Every other event is true of the deal: the first event after which no deal is left is `bad`.
 * Deterministic from the seed.
 */
import { CLASSIC_CATEGORIES } from '../../src/model/deck.js';
import { Random } from '../../src/model/random.js';
import type { LogJson } from './random-logs.js';

export const PLAYERS = ['Ann', 'Bob', 'Cat', 'Dan', 'Eve', 'Fay'];

export interface ImpossibleLogSpec {
  /** Events in all. */
  events: number;
  /** The event (0-based) after which no deal is left; at least 3. */
  bad: number;
  /** Bob's cards shown at a quarter, half and three quarters of the way to `bad`, rather than just before it. */
  spread?: boolean;
  seed?: number;
}

export function impossibleLog({ events, bad, spread = false, seed = 1 }: ImpossibleLogSpec): LogJson {
  if (bad < 3 || bad >= events) throw new RangeError(`bad event ${bad} is not in [3, ${events})`);
  const rng = new Random(seed, events, bad);
  const categories = Object.values(CLASSIC_CATEGORIES);
  const envelope = categories.map((cards) => rng.pick(cards));
  const rest = rng.shuffle(categories.flat().filter((c) => !envelope.includes(c)));
  const hands = PLAYERS.map((_, s) => rest.slice(3 * s, 3 * s + 3));
  const [ann, bob] = hands;
  // A card Bob does not hold, and neither does Ann (who would know it): Cat's first.
  const wrong = hands[2][0];
  const categoryOf = (card: string) => categories.findIndex((cs) => cs.includes(card));
  /** Ann names `card` and, in the other categories, cards Bob does not hold (nor `wrong`): Bob shows `card`. */
  const annAsksBob = (card: string) => ({
    type: 'suggestion',
    by: 'Ann',
    cards: categories.map((cs, g) => (g === categoryOf(card) ? card : rng.pick(cs.filter((c) => !bob.includes(c) && c !== wrong)))),
    shownBy: 'Bob',
    shown: card,
  });
  const filler = (i: number) => {
    const by = 1 + (i % (PLAYERS.length - 1)); // never Ann, who would see the card shown
    const cards = categories.map((cs) => rng.pick(cs.filter((c) => c !== wrong)));
    let shownBy: string | null = null;
    for (let k = 1; k < PLAYERS.length && shownBy === null; k++) {
      const seat = (by + k) % PLAYERS.length;
      if (cards.some((c) => hands[seat].includes(c))) shownBy = PLAYERS[seat];
    }
    return { type: 'suggestion', by: PLAYERS[by], cards, shownBy };
  };
  const shows = spread ? [1, 2, 3].map((q) => Math.floor((q * bad) / 4)) : [bad - 3, bad - 2, bad - 1];
  const log: LogJson['events'] = [];
  for (let i = 0; i < events; i++) {
    const shown = shows.indexOf(i);
    log.push(i === bad ? annAsksBob(wrong) : shown >= 0 ? annAsksBob(bob[shown]) : filler(i));
  }
  return { players: PLAYERS, me: 'Ann', myHand: ann, events: log };
}
