// TEMP stub of the explanation module (another branch provides the real one; this file is dropped
// at the merge). Same signatures; the explanations here are not minimal: every event naming the
// card, and the first event after which no deal is left.
import { parseGame } from '../io/log.js';
import { describeEvent } from '../io/describe.js';
import { isConsistent, sharedCore, storeOf } from './load.js';

export interface ExplainedEvent { index: number; sentence: string }
export interface Explanation { card: string; owner: string; holds: boolean; fromSetup: string[]; events: ExplainedEvent[]; text: string }
export interface Contradiction { event: number; sentence: string; conflicts: ExplainedEvent[]; text: string }

export function explainFact(log: unknown, card: string, owner: string, holds: boolean): Explanation {
  const game = parseGame(log);
  const c = game.deck.cards.findIndex((name) => name.toLowerCase() === card.toLowerCase());
  const events = game.events.flatMap((e, index) => ('cards' in e && e.cards.includes(c) ? [{ index, sentence: describeEvent(game, index) }] : []));
  const fromSetup = game.me !== null && game.myHand.includes(c) ? [`${game.players[game.me]} holds ${card}`] : [];
  return { card, owner, holds, fromSetup, events, text: `${owner} ${holds ? 'holds' : 'does not hold'} ${card}: ${[...fromSetup, ...events.map((e) => e.sentence)].join('; ')}` };
}

export function explainCard(log: unknown, card: string): Explanation {
  return explainFact(log, card, 'envelope', true);
}

export function findContradiction(log: unknown): Contradiction | null {
  const game = parseGame(log);
  const core = sharedCore();
  if (isConsistent(core, storeOf(core, game))) return null;
  let k = 0;
  while (k < game.events.length && isConsistent(core, storeOf(core, game, k + 1))) k++;
  const sentence = describeEvent(game, k);
  return { event: k, sentence, conflicts: [], text: `no deal is consistent after ${sentence}` };
}
