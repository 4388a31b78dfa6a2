// Why a log is impossible, in the words a player reads: the first event after which no deal is
// left, and a minimal set of earlier events it conflicts with, each as a sentence ("Bob passed on
// {Plum, Knife, Hall} at event 2"). The one text for every surface: the library's error, the
// command line's message and the advisor's refusal.
import type { KnowledgeCore } from '../knowledge/wasm-core.js';
import type { ConstraintStore } from '../knowledge/constraints.js';
import { constraintsOf } from '../knowledge/constraints-of.js';
import type { ResponsePolicy } from '../knowledge/responses.js';
import { cardsInWords, eventSentence } from '../io/describe.js';
import { InputError } from '../model/errors.js';
import type { Game } from '../model/game.js';
import { isConsistentQuickly } from './consistency.js';
import { likelyWrongEntries, correctionsInWords, type CorrectionOptions, type Corrections } from './corrections.js';
import { EventSets, explained, minimalSubset, shortestPrefix, type ExplainedEvent, type Work } from './minimal-events.js';

export type { ExplainedEvent } from './minimal-events.js';

export interface Contradiction {
  /** The first event after which no deal is left (numbered from 1). */
  event: number;
  sentence: string;
  /** A minimal set of earlier events that, with `event` and the setup, leave no deal. Ascending. */
  conflicts: ExplainedEvent[];
  /**
   * False when the search for `conflicts` ran out of its budget (1,000 consistency checks): the
   * events listed are then in the set, but others may be missing.
   */
  conflictsComplete: boolean;
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

/** Consistency checks the search for the conflicting events takes when given no budget. */
export const CONFLICT_CHECKS = 1000;

export interface ContradictionOptions {
  /** Consistency checks the search for the conflicting events may take (default CONFLICT_CHECKS). */
  maxChecks?: number;
  /** The limits of the search for the entries most likely wrong. */
  corrections?: CorrectionOptions;
  /** Counts the work done, for measuring it. */
  work?: Work;
}

/**
 * null when some deal is consistent with the log; else the first event after which none is left
 * (prefixes only lose deals: a binary search finds it) and a minimal set of earlier events it
 * conflicts with. Throws InputError when the setup alone leaves no deal.
 */
export function gameContradiction(game: Game, core: KnowledgeCore, { maxChecks = CONFLICT_CHECKS, corrections: limits, work }: ContradictionOptions = {}): Contradiction | null {
  const sets = new EventSets(game, core, work);
  if (sets.leavesDeal()) return null;
  // Positions over the events that teach something: the others cannot be the first without a deal.
  const k = shortestPrefix(sets.events.length, (n) => !sets.leavesDeal({ to: n }));
  if (k === 0) throw setupContradiction(game);
  const bad = k - 1;
  const found = minimalSubset(bad, (kept, from) => !sets.leavesDeal({ from, to: bad, plus: [...kept, bad] }), maxChecks);
  const event = sets.events[bad];
  const conflicts = found.kept.map((p) => explained(game, sets.events[p]));
  const corrections = likelyWrongEntries(game, core, limits, sets);
  const text = conflictsInWords(game, event, conflicts, found.complete);
  return {
    event: event + 1,
    sentence: eventSentence(game, event),
    conflicts,
    conflictsComplete: found.complete,
    corrections,
    text: [text, correctionsInWords(corrections, limits?.maxSize)].filter(Boolean).join(' '),
  };
}

/** "No deal is left after event 9 (…), which conflicts with …": event `bad` (0-based) and the earlier events found. */
function conflictsInWords(game: Game, bad: number, conflicts: ExplainedEvent[], complete: boolean): string {
  const head = `No deal is left after event ${bad + 1} (${eventSentence(game, bad, { at: false })})`;
  const given = `given ${setupInWords(game)}`;
  const some = conflicts.length === 1 ? 'an earlier event' : `${conflicts.length} earlier events`;
  const listed = conflicts.map((e) => e.sentence).join('; ');
  if (!complete) {
    return conflicts.length === 0
      ? `${head}; the search for the earlier events it conflicts with (${given}) ran out of its budget before finding any.`
      : `${head}, which conflicts with ${some} and maybe others (${given}; the search for them ran out of its budget): ${listed}.`;
  }
  return conflicts.length === 0
    ? `${head}, which the setup alone (${setupInWords(game)}) rules out.`
    : `${head}, which conflicts with ${some} (${given}): ${listed}.`;
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
  const after = storeAfter ?? ((k: number) => constraintsOf(game, k));
  if (!isConsistentQuickly(core, after(0))) return setupContradiction(game);
  const k = shortestPrefix(game.events.length, (n) => !isConsistentQuickly(core, after(n)));
  return new InputError([`No deal is left after event ${k} (${eventSentence(game, k - 1, { at: false })}), reading the cards shown under `, { option: 'responses', value: responses }, '.'], {
    code: 'responses-contradiction',
    option: 'responses',
    value: responses,
  });
}

function setupContradiction(game: Game): InputError {
  return new InputError(`No deal is consistent with the setup itself (${setupInWords(game)}), before any event.`);
}

function setupInWords(game: Game): string {
  const faceUp = game.faceUp.length === 0 ? '' : `, the face-up cards (${cardsInWords(game, game.faceUp)})`;
  return game.me === null ? `the hand sizes${faceUp}` : `your hand (${cardsInWords(game, game.myHand)})${faceUp} and the hand sizes`;
}
