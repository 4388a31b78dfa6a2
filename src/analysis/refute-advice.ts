// Which card to show: when the observer must refute a suggestion, what each card it could show
// gives away. The suggester sees the card; the rest of the table sees only that a card was shown,
// the same whichever it is. What the suggester learns is judged as the observer can judge it: from
// the public events and the cards the observer already showed the suggester (the suggester's own
// hand, and what others showed it, the observer cannot know). Counting deals uniformly, seeing card
// c tells the suggester -log2 P(observer holds c) bits about the deal; what it does to the
// suggester's uncertainty about the envelope is measured apart, as the fall of its entropy.
import type { Game } from '../model/game.js';
import { gameOf, oneOfEachCategory, type GameLog } from '../io/log.js';
import { InputError } from '../model/errors.js';
import { nameOrIndex } from '../model/names.js';
import { requireGameGoesOn } from '../io/describe.js';
import { maskOfCards } from '../model/bits.js';
import { addFacts } from '../knowledge/constraints.js';
import { constraintsOf } from '../knowledge/constraints-of.js';
import type { KnowledgeCore, Position } from '../knowledge/wasm-core.js';
import { sharedCore } from './load.js';
import { ownerWidth } from '../model/owners.js';
import { cardsShownTo } from '../model/rules.js';

export interface ShowOption {
  /** A named card the observer holds. */
  card: number;
  /** P(the observer holds it), as the suggester can judge before seeing it (1 when shown to it before). */
  chance: number;
  /** What seeing it tells the suggester about the deal: -log2 chance. */
  bits: number;
  /** The fall of the entropy of the envelope for the suggester (negative when the card leaves it less sure); a measure of its own, not a part of `bits`. */
  envelopeBits: number;
  /** The observer showed it to this suggester before. */
  shownBefore: boolean;
}

export interface RefutationAdvice {
  refuter: number;
  suggester: number;
  /** The suggestion's cards, in category order. */
  cards: number[];
  /** Every named card the observer holds, the one that gives away least first (then deck order). */
  options: ShowOption[];
  /** What the others at the table learn, whichever card is shown: that the refuter holds one of the named cards (bits about the deal). */
  tableBits: number;
}

export interface RefutationRequest {
  /** The seat that made the suggestion: its name, or its index in the players. */
  suggester: number | string;
  /** One card per category, in any order: each by name, or by index in the deck. */
  cards: ReadonlyArray<number | string>;
}

/** The cards the observer's log says it showed `suggester`. */
function shownTo(game: Game, suggester: number): number {
  return cardsShownTo(game.events, suggester, game.players.length)[game.me!];
}

/**
 * The observer's log as the public sees it, with the cards it has shown `suggester` as facts the
 * suggester knows: the suggester's knowledge as far as the observer can judge it. Null when that
 * position is too large for the exact counter. The caller disposes of it.
 */
export function asJudgedBy(core: KnowledgeCore, game: Game, suggester: number): Position | null {
  const store = addFacts(constraintsOf({ ...game, me: null, myHand: [] }), [{ kind: 'holds', owner: game.me!, cards: shownTo(game, suggester) }]);
  const position = core.tryLoad(store);
  if (position.status === 'too-large') {
    position.dispose();
    return null;
  }
  if (!position.consistent) {
    position.dispose();
    throw new InputError(['the log admits no deal: find the mistake first (', { call: 'findContradiction' }, ' names it)'], { code: 'no-deal' });
  }
  return position;
}

function envelopeEntropy(position: Position): number {
  const counts = position.envelopeCounts();
  const total = counts.reduce((a, b) => a + b, 0);
  let h = 0;
  for (const n of counts) if (n > 0) h -= (n / total) * Math.log2(n / total);
  return h;
}

/** The observer, who is to show a card: a log without one gets no advice. */
export function refuterOf(game: Game): number {
  if (game.me === null) throw new InputError('refutation advice is for the observer of a log ("me"), who must show a card; this log has none');
  // After the correct accusation nobody suggests, so nobody shows a card.
  requireGameGoesOn(game);
  return game.me;
}

/**
 * Checks a request against the game (the observer first: refuterOf); returns the suggester's
 * seat, the suggestion's cards in category order and the named cards the observer holds.
 * `cardsWhere` names the cards in messages.
 */
export function checkRefutation(game: Game, request: RefutationRequest, cardsWhere = 'the suggestion'): { suggester: number; cards: number[]; held: number[] } {
  const me = refuterOf(game);
  const suggester = nameOrIndex('player', game.players, request.suggester, 'the suggester');
  if (suggester === me) throw new InputError(`${game.players[me]} made the suggestion: nobody shows a card to themselves`);
  const { deck } = game;
  const named = request.cards.map((card) => nameOrIndex('card', deck.cards, card, cardsWhere));
  const cards = oneOfEachCategory(named, deck, cardsWhere);
  const held = cards.filter((c) => game.myHand.includes(c));
  if (held.length === 0) throw new InputError(`${game.players[me]} holds none of ${cards.map((c) => deck.cards[c]).join(', ')}: there is nothing to show (pass)`);
  return { suggester, cards, held };
}

/**
 * What each card the observer could show gives away to the suggester, least first. Exact: every
 * deal consistent with the public events is counted.
 */
export function refutationAdvice(input: GameLog | Game, request: RefutationRequest, options: { core?: KnowledgeCore } = {}): RefutationAdvice {
  const game = gameOf(input);
  const { suggester, cards, held } = checkRefutation(game, request);
  const core = options.core ?? sharedCore();
  const me = game.me!;
  const width = ownerWidth(game.players.length);
  const before = asJudgedBy(core, game, suggester);
  if (before === null) throw new InputError("the table's view of this game is too large to count exactly: no refutation advice (a card the suggester already saw from you gives away least)");
  try {
    const counts = before.ownerCounts();
    const total = before.approximateCount();
    const entropy = envelopeEntropy(before);
    const shown = shownTo(game, suggester);
    const options: ShowOption[] = held.map((card) => {
      const chance = counts[card * width + me] / total;
      const after = before.withAll([{ kind: 'holds', owner: me, cards: (1 << card) >>> 0 }]);
      try {
        return { card, chance, bits: chance >= 1 ? 0 : -Math.log2(chance), envelopeBits: entropy - envelopeEntropy(after), shownBefore: ((shown >>> card) & 1) === 1 };
      } finally {
        after.dispose();
      }
    });
    options.sort((a, b) => a.bits - b.bits || a.envelopeBits - b.envelopeBits || a.card - b.card);
    // The others do not know what the suggester saw before: their view lacks those facts.
    const table = shown === 0 ? before : publicPosition(core, game);
    try {
      return { refuter: me, suggester, cards, options, tableBits: tableBits(table, game, cards) };
    } finally {
      if (table !== before) table.dispose();
    }
  } finally {
    before.dispose();
  }
}

function publicPosition(core: KnowledgeCore, game: Game): Position {
  return core.load(constraintsOf({ ...game, me: null, myHand: [] }));
}

/** -log2 P(the observer holds one of `cards`) over the deals of `table`: what a third seat learns from the show. */
function tableBits(table: Position, game: Game, cards: number[]): number {
  const me = game.me!;
  const everyone = (1 << ownerWidth(game.players.length)) - 1;
  const named = maskOfCards(cards);
  const owners = game.deck.cards.map((_, c) => ((named >>> c) & 1 ? everyone & ~(1 << me) : everyone));
  const none = table.restrictedCount(owners) / table.approximateCount();
  return none >= 1 ? 0 : -Math.log2(1 - none);
}
