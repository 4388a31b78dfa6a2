// The JSON boundary: the analysis' results, keyed by index inside, named here for programs and
// files (docs/analysis-output.md). Cards are named as the deck spells them, seats as the log
// does, and the owners besides the seats "envelope" and "table". One key for one thing (a seat is
// `seat` wherever its role has no name of its own), and a value an answer does not have is null,
// its key present; only the parts an option adds are absent without it.
import { type Game } from '../model/game.js';
import { ENVELOPE, TABLE, ownerName as nameOfOwner } from '../model/owners.js';
import type { Owner } from '../knowledge/deduce.js';
import type { Analysis, AnalysisMethod, ResponsesReading } from './analyze.js';
import type { Opponents } from './opponents.js';
import type { SuggestResult } from './suggest.js';
import type { Explanation } from './explain.js';
import type { RefutationAdvice } from './refute-advice.js';
import type { AccusationAdvice } from './accuse-advice.js';

/** An owner's name: the seat's player, "envelope" or "table". */
export function ownerName(game: Game, owner: Owner): string {
  return nameOfOwner(owner, game.players);
}

/** The analysis as docs/analysis-output.md documents it (the `--json` contract). */
export interface AnalysisJson {
  method: AnalysisMethod;
  /** An exact integer: toJson (io/json.ts) writes it with every digit. */
  consistentDeals: bigint | null;
  samples: number | null;
  owners: string[];
  cards: Record<string, Record<string, number>>;
  envelope: Record<string, Record<string, number>>;
  solutions: Array<{ cards: string[]; probability: number }>;
  known: Array<{ card: string; owner: string }>;
  entropyBits: number;
  /** The estimate's standard errors; null for an exact answer. */
  standardErrors: {
    cards: Record<string, Record<string, number>>;
    envelope: Record<string, Record<string, number>>;
    solutions: number[];
    effectiveSamples: number;
  } | null;
  /** Only when a response policy other than 'holds' was asked for. */
  responses?: ResponsesReading;
}

/** The analysis with every index named, the keys in the documented order. */
export function analysisJson(game: Game, analysis: Analysis): AnalysisJson {
  const owners = analysis.owners.map((o) => ownerName(game, o));
  const envelopeColumn = analysis.owners.indexOf(ENVELOPE);
  const byCard = (values: number[][]) => record(game.deck.cards.map((card, c) => [card, record(owners.map((o, k) => [o, values[c][k]]))]));
  const byCategory = (values: number[][]) =>
    record(game.deck.categories.map((category) => [category.name, record(category.cards.map((card) => [card, values[game.deck.cards.indexOf(card)][envelopeColumn]]))]));
  const json: AnalysisJson = {
    method: analysis.method,
    consistentDeals: analysis.consistentDeals,
    samples: analysis.samples,
    owners,
    cards: byCard(analysis.cards),
    envelope: byCategory(analysis.cards),
    solutions: analysis.solutions.map((s) => ({ cards: s.cards.map((c) => game.deck.cards[c]), probability: s.probability })),
    known: analysis.known.map((k) => ({ card: game.deck.cards[k.card], owner: ownerName(game, k.owner) })),
    entropyBits: analysis.entropyBits,
    standardErrors: null,
  };
  const se = analysis.standardErrors;
  if (se) json.standardErrors = { cards: byCard(se.cards), envelope: byCategory(se.cards), solutions: se.solutions, effectiveSamples: se.effectiveSamples };
  if (analysis.responses) json.responses = analysis.responses;
  return json;
}

/**
 * An object keyed by names the user chose, every name an own property: assigning "__proto__"
 * would set the prototype instead, so that one key is defined, the others assigned (faster).
 */
export function record<T>(entries: Array<[string, T]>): Record<string, T> {
  const out: Record<string, T> = {};
  for (const [key, value] of entries) {
    if (key === '__proto__') Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
    else out[key] = value;
  }
  return out;
}

/** Opponents' knowledge as docs/analysis-output.md documents it (`opponents`). */
export function opponentsJson(game: Game, opponents: Opponents) {
  const mine = (values: number[]) => record(game.myHand.map((c, k) => [game.deck.cards[c], values[k]]));
  return {
    method: opponents.method,
    samples: opponents.samples,
    seats: opponents.seats.map((s) => ({
      seat: game.players[s.seat],
      out: s.out,
      canAccuse: s.canAccuse,
      ...(s.canAccuseNextTurn !== undefined && { canAccuseNextTurn: s.canAccuseNextTurn }),
      knowsMyCards: mine(s.knowsMyCards),
      standardErrors:
        s.standardErrors === undefined
          ? null
          : {
              canAccuse: s.standardErrors.canAccuse,
              ...(s.standardErrors.canAccuseNextTurn !== undefined && { canAccuseNextTurn: s.standardErrors.canAccuseNextTurn }),
              knowsMyCards: mine(s.standardErrors.knowsMyCards),
            },
    })),
  };
}

/** A suggestion ranking with its cards named. */
export function suggestionsJson(game: Game, result: SuggestResult) {
  const names = (cards: number[]) => cards.map((c) => game.deck.cards[c]);
  return {
    ...result,
    accuse: result.accuse === null ? null : names(result.accuse),
    suggestions: result.suggestions.map((s) => ({ ...s, cards: names(s.cards) })),
  };
}

/** An explanation with its card and owner named (docs/analysis-output.md, `--why`). */
export function explanationJson(game: Game, x: Explanation) {
  return { ...x, card: game.deck.cards[x.card], owner: ownerName(game, x.owner) };
}

/** Refutation advice with names: what `cluedo refute --json` prints. */
export function refutationAdviceJson(game: Game, advice: RefutationAdvice) {
  const card = (c: number) => game.deck.cards[c];
  return {
    refuter: game.players[advice.refuter],
    suggester: game.players[advice.suggester],
    cards: advice.cards.map(card),
    options: advice.options.map((o) => ({ card: card(o.card), chance: o.chance, bits: o.bits, envelopeBits: o.envelopeBits, shownBefore: o.shownBefore })),
    tableBits: advice.tableBits,
  };
}

/** Accusation advice with names: what `cluedo accuse --json` prints. */
export function accusationAdviceJson(game: Game, advice: AccusationAdvice) {
  return {
    ...advice,
    solution: advice.solution.map((c) => game.deck.cards[c]),
    seats: advice.seats.map((s) => ({ seat: game.players[s.seat], canAccuse: s.canAccuse, canAccuseNextTurn: s.canAccuseNextTurn ?? null, standardErrors: s.standardErrors ?? null })),
  };
}
