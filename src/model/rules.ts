// The rules of Clue as data: the variants a game is played under, and what every event means
// under them. This module is the one place where an event's meaning is written: who is asked to
// answer a suggestion and in what order, who passes and who shows, what everybody learns, what
// only the two seats of an exchange see, and what must be true of the deal for an event to have
// happened. The observer's constraints, the referee of play, the Kripke updates, the log reader
// and the advisor all derive from the functions below; a new variant is a change here alone.
import { maskOfCards } from './bits.js';
import type { GameEvent } from './events.js';

/** The rule variants (docs/game-log.md, `rules`). */
export interface Rules {
  /** 'first': the seats after the suggester answer in turn until one shows a card; 'all': every other seat answers. */
  answers: 'first' | 'all';
  /** Who answers first: 'next', the seat after the suggester in the players' order, then onwards; 'previous', the seat before it, then backwards. */
  answerOrder: 'next' | 'previous';
  /** A suggester may not name its own cards, so a suggestion announces that it holds none of them. */
  suggesterHoldsNone: boolean;
  /** Per category: each seat holds exactly this many cards of it, or null when free. Null when the log sets none. */
  handQuotas: Array<number | null> | null;
}

/**
 * The variants a log's `rules` object may set, each with its values (the first is the default).
 * The log reader and writer follow this table; `handQuotas`, keyed by category, has a reader of its own.
 */
export const RULE_VARIANTS = {
  answers: ['first', 'all'],
  answerOrder: ['next', 'previous'],
  suggesterHoldsNone: [false, true],
} as const satisfies { [K in Exclude<keyof Rules, 'handQuotas'>]: readonly Rules[K][] };

export type RuleVariant = keyof typeof RULE_VARIANTS;

export const DEFAULT_RULES: Rules = Object.freeze({
  ...(Object.fromEntries(Object.entries(RULE_VARIANTS).map(([key, values]) => [key, values[0]])) as Pick<Rules, RuleVariant>),
  handQuotas: null,
});

/** The variants of `rules` that differ from the standard game's. */
export function nonStandardVariants(rules: Rules): Array<RuleVariant | 'handQuotas'> {
  const keys = (Object.keys(RULE_VARIANTS) as RuleVariant[]).filter((key) => rules[key] !== DEFAULT_RULES[key]);
  return rules.handQuotas === null ? keys : [...keys, 'handQuotas'];
}

// ---------------------------------------------------------------------------------------------
// What an event means: its knowledge actions (docs/epistemic-semantics.md §5)

export type KnowledgeAction =
  /** Every seat learns its own hand. */
  | { readonly kind: 'look' }
  /** Public: seat `owner` holds none of `cards` (it passed, or named them under suggesterHoldsNone). */
  | { readonly kind: 'lacks'; readonly owner: number; readonly cards: number; readonly why: 'passes' | 'suggests' }
  /** Public: the envelope is (`is`) or is not exactly `cards`. */
  | { readonly kind: 'envelope'; readonly cards: number; readonly is: boolean }
  /** `by` shows `to` one of `cards`; everybody learns that `by` holds one; only the two see `shown` (null when unrecorded). */
  | { readonly kind: 'showcard'; readonly by: number; readonly to: number; readonly cards: number; readonly shown: number | null }
  /** Public: `by` ended its turn without accusing, so it does not know the envelope. */
  | { readonly kind: 'endmove'; readonly by: number };

/** A knowledge action and the event (numbered from 1) it belongs to. */
export type NumberedAction = KnowledgeAction & { readonly event: number };

/** The seats asked to answer a suggestion by `by`, in the order they answer. */
export function answerers(by: number, nSeats: number, rules: Rules): number[] {
  const step = rules.answerOrder === 'next' ? 1 : nSeats - 1;
  const seats: number[] = [];
  for (let k = 1; k < nSeats; k++) seats.push((by + k * step) % nSeats);
  return seats;
}

/** One seat's answer to a suggestion: it passes, or shows one of the named cards it holds. */
export interface Answer {
  readonly seat: number;
  readonly shows: boolean;
}

/**
 * The answers the rules demand of a suggestion by `by`, given which seats hold a named card
 * (`holdsNamed`): in answer order, a seat holding none passes and a seat holding one shows; under
 * `answers: first` the answers stop at the first that shows.
 */
export function answersTo(by: number, nSeats: number, rules: Rules, holdsNamed: (seat: number) => boolean): Answer[] {
  const answers: Answer[] = [];
  for (const seat of answerers(by, nSeats, rules)) {
    const shows = holdsNamed(seat);
    answers.push({ seat, shows });
    if (shows && rules.answers === 'first') break;
  }
  return answers;
}

/**
 * Whether one `suggestion` event can record the whole answer under `rules`: it names a single
 * refuter, so only when the answers stop at the first card shown.
 */
export function oneRefuterAnswers(rules: Rules): boolean {
  return rules.answers === 'first';
}

/** Whether a seat holding `hand` may name `cards` (masks) in a suggestion: under suggesterHoldsNone, none of its own. */
export function mayName(hand: number, cards: number, rules: Rules): boolean {
  return !rules.suggesterHoldsNone || (hand & cards) === 0;
}

/** What the suggester's naming of `cards` tells everybody. */
function suggested(by: number, cards: number, rules: Rules): KnowledgeAction[] {
  return rules.suggesterHoldsNone ? [{ kind: 'lacks', owner: by, cards, why: 'suggests' }] : [];
}

/** The knowledge actions of one event of a game of `nSeats` seats under `rules`. */
export function actionsOf(event: GameEvent, nSeats: number, rules: Rules): KnowledgeAction[] {
  switch (event.type) {
    case 'look':
      return [{ kind: 'look' }];
    case 'endmove':
      return [{ kind: 'endmove', by: event.by }];
    case 'accusation':
      return [{ kind: 'envelope', cards: maskOfCards(event.cards), is: event.correct }];
    case 'suggest':
      return suggested(event.by, maskOfCards(event.cards), rules);
    case 'nocard':
      return [{ kind: 'lacks', owner: event.by, cards: maskOfCards(event.cards), why: 'passes' }];
    case 'showcard':
      return [{ kind: 'showcard', by: event.by, to: event.to, cards: maskOfCards(event.cards), shown: event.shown }];
    case 'suggestion': {
      // The shorthand records the answers of a table where the refuter alone held a named card.
      const cards = maskOfCards(event.cards);
      const answers = answersTo(event.by, nSeats, rules, (seat) => seat === event.shownBy);
      return [
        ...suggested(event.by, cards, rules),
        ...answers.map(({ seat, shows }): KnowledgeAction =>
          shows ? { kind: 'showcard', by: seat, to: event.by, cards, shown: event.shown } : { kind: 'lacks', owner: seat, cards, why: 'passes' },
        ),
      ];
    }
  }
}

/** The knowledge actions of the first `count` events of a game, each with its event's number (from 1). */
export function gameActions(game: { players: readonly string[]; rules: Rules; events: readonly GameEvent[] }, count = game.events.length): NumberedAction[] {
  const out: NumberedAction[] = [];
  game.events.slice(0, count).forEach((e, i) => {
    for (const a of actionsOf(e, game.players.length, game.rules)) out.push({ ...a, event: i + 1 });
  });
  return out;
}

/** The seats that passed on a `suggestion` event, in answer order. */
export function passers(event: Extract<GameEvent, { type: 'suggestion' }>, nSeats: number, rules: Rules): number[] {
  return actionsOf(event, nSeats, rules).flatMap((a) => (a.kind === 'lacks' && a.why === 'passes' ? [a.owner] : []));
}

/**
 * Where a game stands: who is out, and who won. The referee's state is one; a log's events give
 * one (standingAfter). Whatever keeps it, mayAct reads it.
 */
export interface Standing {
  /** Per seat, whether it is out of the game: it accused wrongly (or the referee put it out). */
  readonly eliminated: readonly boolean[];
  /** The seat whose correct accusation ended the game, or null while it goes on. */
  readonly winner: number | null;
}

/** The standing before any event: everybody in, nobody won. */
export function initialStanding(nSeats: number): Standing {
  return { eliminated: new Array<boolean>(nSeats).fill(false), winner: null };
}

/** The standing after `event`: a wrong accusation puts its seat out, a correct one wins. The same object when nothing changes. */
export function standingStep(standing: Standing, event: GameEvent): Standing {
  if (event.type !== 'accusation') return standing;
  if (event.correct) return { eliminated: standing.eliminated, winner: event.by };
  const eliminated = standing.eliminated.slice();
  eliminated[event.by] = true;
  return { eliminated, winner: standing.winner };
}

/** The standing after `events`. */
export function standingAfter(events: readonly GameEvent[], nSeats: number): Standing {
  return events.reduce(standingStep, initialStanding(nSeats));
}

/**
 * What a seat may still do: 'answer' a suggestion (pass or show a card), or take a 'turn' (move,
 * suggest, accuse, end a turn, be shown a card). Once the game is won nobody does anything; a seat
 * out after a wrong accusation still answers suggestions, and takes no turn.
 */
export function mayAct(standing: Standing, seat: number, act: 'turn' | 'answer'): boolean {
  if (standing.winner !== null) return false;
  return act === 'answer' || !standing.eliminated[seat];
}

/** Per seat, whether it is out of the game: it accused wrongly (it still answers suggestions). */
export function eliminatedSeats(events: readonly GameEvent[], nSeats: number): boolean[] {
  return [...standingAfter(events, nSeats).eliminated];
}

/**
 * The index of the correct accusation that ended the game, or null while it goes on. It reads a
 * game's events and a log's alike (only `type` and `correct` matter): nothing follows it in a log.
 */
export function winningAccusation(events: readonly { type: string; correct?: boolean }[]): number | null {
  const i = events.findIndex((e) => e.type === 'accusation' && e.correct === true);
  return i < 0 ? null : i;
}

/**
 * Whose turn it likely is after `events`, for a form's first guess: the seat after the last one to
 * suggest, accuse or end a turn (the answers of a suggestion are not turns), passing over the
 * seats out of the game; seat 0 before any turn.
 */
export function nextTurn(events: readonly GameEvent[], nSeats: number): number {
  let last: number | null = null;
  for (const e of events) if (e.type === 'suggestion' || e.type === 'suggest' || e.type === 'accusation' || e.type === 'endmove') last = e.by;
  if (last === null) return 0;
  const standing = standingAfter(events, nSeats);
  for (let k = 1; k <= nSeats; k++) {
    const seat = (last + k) % nSeats;
    if (!standing.eliminated[seat]) return seat;
  }
  return (last + 1) % nSeats;
}

// ---------------------------------------------------------------------------------------------
// Who sees what

/** The two seats of the exchange in which a card is shown (the shower first), or null for other events and actions. */
export function exchangeOf(event: GameEvent | KnowledgeAction): [number, number] | null {
  if ('kind' in event) return event.kind === 'showcard' ? [event.by, event.to] : null;
  if (event.type === 'showcard') return [event.by, event.to];
  if (event.type === 'suggestion' && event.shownBy !== null) return [event.shownBy, event.by];
  return null;
}

/** Whether `seat` (null: the spectator) sees the card shown in `event` (or in a knowledge action): only the two seats of the exchange do. */
export function seesShown(event: GameEvent | KnowledgeAction, seat: number | null): boolean {
  const exchange = exchangeOf(event);
  return exchange !== null && seat !== null && exchange.includes(seat);
}

/** The card an event records as shown: who showed it, to whom, which card, and the named cards it was one of; null when it names none. */
export function shownCard(event: GameEvent): { by: number; to: number; card: number; cards: readonly number[] } | null {
  const exchange = exchangeOf(event);
  if (exchange === null || (event.type !== 'showcard' && event.type !== 'suggestion') || event.shown === null) return null;
  return { by: exchange[0], to: exchange[1], card: event.shown, cards: event.cards };
}

/** Per seat, the mask of the cards `events` record it showed `seat` (the cards the log names). */
export function cardsShownTo(events: readonly GameEvent[], seat: number, nSeats: number): number[] {
  const shown = new Array<number>(nSeats).fill(0);
  for (const e of events) {
    const s = shownCard(e);
    if (s !== null && s.to === seat) shown[s.by] = (shown[s.by] | (1 << s.card)) >>> 0;
  }
  return shown;
}

/** `event` as `seat` sees it: the card shown is withheld from everybody but the two seats of the exchange. */
export function seenBy(event: GameEvent, seat: number | null): GameEvent {
  if ((event.type !== 'showcard' && event.type !== 'suggestion') || event.shown === null || seesShown(event, seat)) return event;
  return { ...event, shown: null };
}

// ---------------------------------------------------------------------------------------------
// What must be true of the deal

/** A deal as the semantics reads it: the cards each seat holds, and the envelope. */
export interface DealMasks {
  /** The cards seat s holds (a mask). */
  hand(seat: number): number;
  /** The envelope's cards (a mask). */
  readonly envelope: number;
}

/** Why an action is false of a deal: a seat holds a card it lacks, shows a card it does not hold, or the envelope is otherwise. */
export type Falsehood =
  | { readonly kind: 'holds'; readonly seat: number; readonly card: number; readonly why: 'passes' | 'suggests' }
  | { readonly kind: 'holdsNone'; readonly seat: number }
  | { readonly kind: 'notHeld'; readonly seat: number; readonly card: number }
  | { readonly kind: 'envelope'; readonly is: boolean };

/**
 * Why `action` cannot have happened at `deal`, or null when it can. An endmove is an epistemic
 * announcement (a seat does not know the envelope): no deal alone makes it false.
 */
export function falsehoodAt(action: KnowledgeAction, deal: DealMasks): Falsehood | null {
  switch (action.kind) {
    case 'look':
    case 'endmove':
      return null;
    case 'lacks': {
      const held = deal.hand(action.owner) & action.cards;
      return held === 0 ? null : { kind: 'holds', seat: action.owner, card: 31 - Math.clz32(held & -held), why: action.why };
    }
    case 'envelope':
      return (deal.envelope === action.cards) === action.is ? null : { kind: 'envelope', is: action.is };
    case 'showcard': {
      const hand = deal.hand(action.by);
      if (action.shown !== null && ((hand >>> action.shown) & 1) === 0) return { kind: 'notHeld', seat: action.by, card: action.shown };
      return (hand & action.cards) === 0 ? { kind: 'holdsNone', seat: action.by } : null;
    }
  }
}
