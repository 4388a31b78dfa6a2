// Policy-aware reading of the cards the observer was shown. By default a shown card says only
// that its responder holds it ("holds"). A responder holding several of the named cards chooses
// which to show by a policy, and the choice itself is evidence:
//   uniform — at random among the named cards it holds: a deal where it holds k of them explains
//             the show with probability 1/k;
//   first   — the first of them in deck order: it lacks every named card before the shown one
//             (hard facts, no weights);
//   repeat  — a card it already showed this suggester when it can (uniformly among those), else
//             uniformly among the named cards it holds.
// The weights of a deal factorise over the shows: one factor per show, a function of how many
// of the other named cards the responder holds (see ResponseFactor).
import { InputError } from '../model/errors.js';
import type { Game } from '../model/game.js';
import type { GameEvent } from '../model/events.js';
import { shownCard } from '../model/rules.js';
import type { Fact } from './constraints.js';

export const RESPONSE_POLICIES = ['holds', 'uniform', 'first', 'repeat'] as const;
export type ResponsePolicy = (typeof RESPONSE_POLICIES)[number];

/**
 * One show's likelihood: `weights[n]` when seat `owner` holds n of `cards` (the named cards other
 * than the one shown, at most two). A factor without cards is a constant.
 */
export interface ResponseFactor {
  cards: number;
  owner: number;
  weights: [number, number, number];
}

/** What the shows say under a policy: facts to add to the log's, and likelihood factors. */
export interface ResponseEvidence {
  facts: Fact[];
  factors: ResponseFactor[];
}

/** A show the observer saw as the one asking: responder `by` showed `shown` of `named`. */
export interface Show {
  by: number;
  named: readonly number[];
  shown: number;
}

/** The show in `event` when observer `me` asked and saw the card (its own answers are its choice, not evidence). */
export function showSeen(event: GameEvent, me: number | null): Show | null {
  const s = shownCard(event);
  return s === null || s.to !== me || s.by === me ? null : { by: s.by, named: s.cards, shown: s.card };
}

/** What a show says under `first`: its responder lacks the named cards before the shown one in deck order. */
export function firstPolicyFacts({ by, named, shown }: Show): Fact[] {
  const before = maskOf(named.filter((c) => c < shown));
  return before === 0 ? [] : [{ kind: 'lacks', owner: by, cards: before }];
}

const UNIFORM: [number, number, number] = [1, 1 / 2, 1 / 3];

function maskOf(cards: readonly number[]): number {
  return cards.reduce((m, c) => (m | (1 << c)) >>> 0, 0);
}

/** The evidence of the observer's shows in the first `eventCount` events under `policy`. */
export function responseEvidence(game: Game, policy: ResponsePolicy, eventCount = game.events.length): ResponseEvidence {
  const facts: Fact[] = [];
  const factors: ResponseFactor[] = [];
  if (policy === 'holds') return { facts, factors };
  if (game.deck.categories.length > 3 && policy !== 'first') {
    throw new InputError([{ option: 'responses', value: policy }, " supports decks of at most three categories (a show's factor follows at most two other named cards)"], {
      code: 'bad-option',
      option: 'responses',
      value: policy,
      limit: 3,
    });
  }
  const shownBefore = new Map<number, number>(); // responder → cards it showed the observer
  for (const event of game.events.slice(0, eventCount)) {
    const show = showSeen(event, game.me);
    if (show === null) continue;
    const { by, named, shown } = show;
    const others = maskOf(named.filter((c) => c !== shown));
    if (policy === 'first') {
      facts.push(...firstPolicyFacts(show));
    } else {
      const again = named.filter((c) => ((shownBefore.get(by) ?? 0) >>> c) & 1);
      if (policy === 'repeat' && again.length > 0) {
        // It holds the cards it showed before, so it shows one of them: which one is independent of the deal.
        const w = again.includes(shown) ? 1 / again.length : 0;
        factors.push({ cards: 0, owner: by, weights: [w, w, w] });
      } else {
        factors.push({ cards: others, owner: by, weights: UNIFORM });
      }
    }
    shownBefore.set(by, ((shownBefore.get(by) ?? 0) | (1 << shown)) >>> 0);
  }
  return { facts, factors };
}

/** The likelihood of one deal (ownerWidth(nSeats) masks at deals[at..]) under the factors: their product. */
export function dealLikelihood(factors: readonly ResponseFactor[], deals: Uint32Array, at: number): number {
  let w = 1;
  for (const f of factors) {
    let m = (deals[at + f.owner] & f.cards) >>> 0;
    let n = 0;
    for (; m !== 0; m &= m - 1) n++;
    w *= f.weights[n];
  }
  return w;
}

/**
 * No deal (`consistent`: of the position; `drawn`: of the Markov chains' draws) could have shown the
 * observer what it saw under `policy`.
 */
export function unexplainedShows(deals: 'consistent' | 'drawn', policy: ResponsePolicy): InputError {
  return new InputError([`no ${deals} deal explains the cards shown under `, { option: 'responses', value: policy }, ': a responder showed a card other than one it had already shown'], {
    code: 'responses-unexplained',
    option: 'responses',
    value: policy,
  });
}
