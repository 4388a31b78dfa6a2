/**
 * The game's knowledge actions as every engine of the epistemic layer applies them (the explicit
 * Kripke model, explicit/game-model.ts; the knowledge structures, symbolic/game-structure.ts): the
 * formula a public action announces and its words, which actions are the early public facts, and
 * the errors that name the event a log cannot have had. One place, so that both engines refuse a
 * log with the same words.
 */
import type { Game } from '../model/game.js';
import { InputError } from '../model/errors.js';
import { eventLabel } from '../io/describe.js';
import { quote } from '../model/quote.js';
import { dealtWidth, ENVELOPE, slotOf, TABLE } from '../model/owners.js';
import type { NumberedAction as KnowledgeAction } from '../model/rules.js';
import { and, has, not, type Formula } from './language/formula.js';

/** How third parties read a showcard (§5.4): the action-model product, or the Java implementation's announcements. */
export type ShowcardReading = 'action' | 'refinement';

export type ShowcardAction = Extract<KnowledgeAction, { kind: 'showcard' }>;

/** The cards of a mask, ascending. */
export function cardsOf(mask: number): number[] {
  const out: number[] = [];
  for (let m = mask >>> 0; m !== 0; m &= m - 1) out.push(31 - Math.clz32(m & -m));
  return out;
}

/** True for the actions whose effect depends on the deal alone (they commute with each other and with look and showcard). */
export function isPropositional(a: KnowledgeAction): boolean {
  return a.kind === 'lacks' || a.kind === 'envelope';
}

/**
 * The actions before the first epistemic announcement (an endmove; under the refinement reading,
 * a showcard). Their public facts commute with everything before them, so an engine may apply them
 * to the deals it starts from.
 */
export function earlyActions(actions: KnowledgeAction[], reading: ShowcardReading): KnowledgeAction[] {
  const epistemic = (a: KnowledgeAction) => a.kind === 'endmove' || (a.kind === 'showcard' && reading === 'refinement');
  const firstEpistemic = actions.findIndex(epistemic);
  return firstEpistemic === -1 ? actions : actions.slice(0, firstEpistemic);
}

/** The public announcement a non-showcard action makes, as a formula. */
export function announcementOf(a: KnowledgeAction): Formula {
  switch (a.kind) {
    case 'lacks':
      return and(...cardsOf(a.cards).map((c) => not(has(a.owner, c))));
    case 'envelope': {
      const all = and(...cardsOf(a.cards).map((c) => has(ENVELOPE, c)));
      return a.is ? all : not(all);
    }
    case 'endmove':
      return not({ op: 'Kenv', agent: a.by });
    default:
      throw new Error(`no announcement for ${a.kind}`);
  }
}

/** What a non-showcard action announces, in words ("Bob holds none of …"). */
export function describeAnnouncement(game: Game, a: KnowledgeAction): string {
  const names = (mask: number) => cardsOf(mask).map((c) => quote(game.deck.cards[c])).join(', ');
  switch (a.kind) {
    case 'lacks':
      return `${game.players[a.owner]} holds none of ${names(a.cards)} (${a.why === 'passes' ? 'it passes' : 'the suggester names none of its own cards'})`;
    case 'envelope':
      return `the envelope is ${a.is ? '' : 'not '}${names(a.cards)}`;
    case 'endmove':
      return `${game.players[a.by]} does not know the envelope`;
    default:
      return a.kind;
  }
}

/** The first of the refinement reading's public announcements of a showcard, in words. */
export function holdsOneOfTheCards(game: Game, a: ShowcardAction): string {
  return `${game.players[a.by]} holds one of the cards`;
}

/** The last of the refinement reading's public announcements of a showcard, in words. */
export const BOTH_KNOW_THE_CARD = 'both know the same card';

/** The label of an action's event, for the errors below. */
export function actionLabel(game: Game, a: KnowledgeAction): string {
  return eventLabel(game, a.event - 1);
}

/** A full record's deal makes an announcement false. */
export function announcementFalse(label: string, what: string): InputError {
  return new InputError(`${label}: the announcement that ${what} is false of the deal`);
}

/** An announcement leaves the observer no world. */
export function noDealLeft(label: string, what: string): InputError {
  return new InputError(`${label}: no deal is left consistent with the log (the announcement that ${what})`);
}

/** A showcard leaves the observer no world: in each of them the responder holds none of the cards it could have shown. */
export function nothingToShow(game: Game, a: ShowcardAction): InputError {
  return new InputError(`${actionLabel(game, a)}: no deal is left consistent with the log (${game.players[a.by]} holds none of the cards it could show)`);
}

/** A full record's showcard shows a card the deal gives someone else. */
export function shownNotHeld(game: Game, a: ShowcardAction): InputError {
  return new InputError(`${actionLabel(game, a)}: ${game.players[a.by]} shows ${quote(game.deck.cards[a.shown!])}, which the deal does not give it`);
}

/** The refinement reading announces what the shown card was; a showcard that does not say it cannot be read so. */
export function shownCardNeeded(game: Game, a: ShowcardAction): InputError {
  return new InputError(
    [`${actionLabel(game, a)}: the refinement reading needs the shown card of every showcard, and this one does not say it; use `, { option: 'showcard', value: 'action' }],
    { code: 'showcard-unknown', option: 'showcard', value: 'refinement' },
  );
}

/** No deal gives the observer the hand its log says it holds. */
export function handNotDealt(game: Game, me: number): InputError {
  return new InputError(`myHand: no deal gives ${game.players[me]} this hand`);
}

/** A full record's deal is none of the game's deals. */
export function dealBreaksRules(): InputError {
  return new InputError('deal: the deal breaks the rules of the game (hand sizes or quotas)');
}

/** The deal of a full record as owner masks, by slot: the seats, then the envelope (model/owners.ts dealtWidth). */
export function dealHands(game: Game): Uint32Array {
  const nSeats = game.players.length;
  const hands = new Uint32Array(dealtWidth(nSeats));
  game.deal!.forEach((owner, card) => {
    if (owner !== TABLE) hands[slotOf(owner, nSeats)] |= 1 << card;
  });
  return hands;
}

/** Each early public fact must hold of a full record's deal (`hands`: dealHands); otherwise the error names its event. */
export function checkEarlyFacts(game: Game, early: KnowledgeAction[], hands: Uint32Array): void {
  const envelope = slotOf(ENVELOPE, game.players.length);
  for (const a of early) {
    let ok = true;
    if (a.kind === 'lacks') ok = (hands[a.owner] & a.cards) === 0;
    else if (a.kind === 'envelope') ok = (hands[envelope] === a.cards) === a.is;
    if (!ok) throw announcementFalse(actionLabel(game, a), describeAnnouncement(game, a));
  }
}
