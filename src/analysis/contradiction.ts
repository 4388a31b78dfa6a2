// Why a log is impossible, in the words a player reads: the first event after which no deal is
// left, and a minimal set of earlier events it conflicts with, each as a sentence ("Bob passed on
// {Plum, Knife, Hall} at event 2"). The one text for every surface: the library's error, the
// command line's message and the advisor's refusal.
import type { KnowledgeCore } from '../knowledge/wasm-core.js';
import type { ConstraintStore } from '../knowledge/constraints.js';
import { setupStore } from '../knowledge/constraints-of.js';
import type { ResponsePolicy } from '../knowledge/responses.js';
import { cardsInWords, eventSentence } from '../io/describe.js';
import { InputError } from '../model/errors.js';
import type { Game } from '../model/game.js';
import { isConsistentQuickly } from './consistency.js';
import { likelyWrongEntries, correctionsInWords, type Corrections } from './corrections.js';
import { conflictingEvents, explained, factsPerEvent, shortestPrefix, storeWith, type ExplainedEvent } from './minimal-events.js';

export type { ExplainedEvent } from './minimal-events.js';

export interface Contradiction {
  /** The first event after which no deal is left (numbered from 1). */
  event: number;
  sentence: string;
  /** A minimal set of earlier events that, with `event` and the setup, leave no deal. Ascending. */
  conflicts: ExplainedEvent[];
  /** The entries most likely wrong: the smallest sets whose removal leaves a deal (analysis/corrections.ts). */
  corrections: Corrections;
  text: string;
}

/** A log that leaves no deal: the contradiction, in words (its text is the message). */
export class ContradictionError extends InputError {
  override name = 'ContradictionError';
  constructor(readonly contradiction: Contradiction) {
    super(contradiction.text);
  }
}

/**
 * null when some deal is consistent with the log; else the first event after which none is left
 * (prefixes only lose deals: a binary search finds it) and a minimal set of earlier events it
 * conflicts with. Throws InputError when the setup alone leaves no deal.
 */
export function gameContradiction(game: Game, core: KnowledgeCore): Contradiction | null {
  const consistent = (store: ConstraintStore) => isConsistentQuickly(core, store);
  const facts = factsPerEvent(game);
  const setup = setupStore(game);
  const prefix = (k: number) => storeWith(game, facts, [...Array(k).keys()], setup);
  if (consistent(prefix(game.events.length))) return null;
  const k = shortestPrefix(game.events.length, (n) => !consistent(prefix(n)));
  if (k === 0) throw setupContradiction(game);
  const sentence = eventSentence(game, k - 1);
  const what = eventSentence(game, k - 1, { at: false });
  const conflicts = conflictingEvents(game, k - 1, consistent).map((i) => explained(game, i));
  const given = `given ${setupInWords(game)}`;
  const text =
    conflicts.length === 0
      ? `No deal is left after event ${k} (${what}), which the setup alone (${setupInWords(game)}) rules out.`
      : `No deal is left after event ${k} (${what}), which conflicts with ${conflicts.length === 1 ? 'an earlier event' : `${conflicts.length} earlier events`} (${given}): ${conflicts.map((e) => e.sentence).join('; ')}.`;
  const corrections = likelyWrongEntries(game, core);
  return { event: k, sentence, conflicts, corrections, text: [text, correctionsInWords(corrections)].filter(Boolean).join(' ') };
}

/**
 * The error for a log with no consistent deal: the contradiction's text. Under a response policy
 * (`first` adds facts of its own) it names the first event after which no deal explains the shows.
 */
export function contradiction(core: KnowledgeCore, game: Game, responses: ResponsePolicy = 'holds', storeAfter?: (events: number) => ConstraintStore): InputError {
  if (responses === 'holds' || storeAfter === undefined) {
    const found = gameContradiction(game, core);
    if (found !== null) return new ContradictionError(found);
  }
  const after = storeAfter ?? ((k: number) => storeWith(game, factsPerEvent(game), [...Array(k).keys()]));
  if (!isConsistentQuickly(core, after(0))) return setupContradiction(game);
  const k = shortestPrefix(game.events.length, (n) => !isConsistentQuickly(core, after(n)));
  return new InputError(`No deal is left after event ${k} (${eventSentence(game, k - 1, { at: false })}), reading the cards shown under --responses ${responses}.`);
}

function setupContradiction(game: Game): InputError {
  return new InputError(`No deal is consistent with the setup itself (${setupInWords(game)}), before any event.`);
}

function setupInWords(game: Game): string {
  const faceUp = game.faceUp.length === 0 ? '' : `, the face-up cards (${cardsInWords(game, game.faceUp)})`;
  return game.me === null ? `the hand sizes${faceUp}` : `your hand (${cardsInWords(game, game.myHand)})${faceUp} and the hand sizes`;
}
