// How a seat chooses the card it shows when it holds several of the named cards. The choice is
// the refuter's only lever on what the suggester learns: the policies range from giving away as
// little as it can (repeat, minimal, least) to giving away as much as it can (fresh, most).
import type { Random } from '../model/random.js';
import type { SeatView } from '../game/seat-view.js';
import type { KnowledgeCore } from '../knowledge/wasm-core.js';
import { asJudgedBy } from '../analysis/refute-advice.js';
import { ownerWidth } from '../model/owners.js';

export type RefutationPolicy = (view: SeatView, suggester: number, held: number[]) => number;

export const REFUTATION_NAMES = ['random', 'repeat', 'minimal', 'first', 'least', 'fresh', 'most'] as const;
export type RefutationName = (typeof REFUTATION_NAMES)[number];

/** `held` restricted to the cards `suggester` has already seen from this seat. */
function shownBefore(view: SeatView, suggester: number, held: number[]): number[] {
  return held.filter((c) => (view.showedTo(suggester) >>> c) & 1);
}

/**
 * For each card of `held`, the chance that this seat holds it as the suggester can judge it
 * (analysis/refute-advice.ts): showing a card tells the suggester -log2 of that chance in bits, so
 * the card it expects most gives away least. Null when the position is too large to count.
 */
function chancesAsSeenBySuggester(core: KnowledgeCore, view: SeatView, suggester: number, held: number[]): number[] | null {
  const position = asJudgedBy(core, { ...view.game(), events: view.eventsAsSeen() }, suggester);
  if (position === null) return null;
  try {
    const counts = position.ownerCounts();
    const width = ownerWidth(view.players.length);
    const total = position.approximateCount();
    return held.map((c) => counts[c * width + view.me] / total);
  } finally {
    position.dispose();
  }
}

/**
 * The cards of `held` whose chance is best by `better` (ties kept); when the exact counter cannot
 * judge, the cards already shown to the suggester (chance 1) are the safest guess of `least`.
 */
function byChance(core: KnowledgeCore, view: SeatView, suggester: number, held: number[], prefer: 'highest' | 'lowest'): number[] {
  const chances = chancesAsSeenBySuggester(core, view, suggester, held);
  if (chances === null) {
    const again = shownBefore(view, suggester, held);
    const fresh = held.filter((c) => !again.includes(c));
    const pool = prefer === 'highest' ? again : fresh;
    return pool.length > 0 ? pool : held;
  }
  // Chances within a relative 1e-12 are ties: counts are doubles of sums of products.
  const target = prefer === 'highest' ? Math.max(...chances) : Math.min(...chances);
  return held.filter((_, i) => Math.abs(chances[i] - target) <= 1e-12 * Math.max(target, Number.MIN_VALUE));
}

/** `core` is needed by `least` and `most` (they count deals); the other policies ignore it. */
export function refutationPolicy(name: RefutationName, rng: Random, core?: KnowledgeCore): RefutationPolicy {
  const needsCore = () => {
    if (core === undefined) throw new Error(`the refutation policy "${name}" counts deals: it needs a knowledge core`);
    return core;
  };
  const choose = (pick: (view: SeatView, suggester: number, held: number[]) => number): RefutationPolicy => (view, suggester, held) => (held.length === 1 ? held[0] : pick(view, suggester, held));
  switch (name) {
    case 'random':
      return (_view, _suggester, held) => rng.pick(held);
    case 'repeat':
      // Show again a card this suggester has already seen from us, when we can.
      return (view, suggester, held) => {
        const again = shownBefore(view, suggester, held);
        return rng.pick(again.length > 0 ? again : held);
      };
    case 'minimal':
      // Reveal least: a card this suggester already saw from us; else the card already shown to
      // the most seats (the least news to the table); ties at random.
      return (view, suggester, held) => {
        const again = shownBefore(view, suggester, held);
        if (again.length > 0) return rng.pick(again);
        const seenBy = (c: number) => view.players.reduce((k, _, s) => k + ((view.showedTo(s) >>> c) & 1), 0);
        const most = Math.max(...held.map(seenBy));
        return rng.pick(held.filter((c) => seenBy(c) === most));
      };
    case 'first':
      // The first named card in hand order, hands in deck order: the thesis's choice1 (its hands
      // are in dealt order instead). Deterministic: the generator is not drawn from.
      return (_view, _suggester, held) => Math.min(...held);
    case 'least':
      // The card the suggester most expects this seat to hold: the least information it can give.
      return choose((view, suggester, held) => rng.pick(byChance(needsCore(), view, suggester, held, 'highest')));
    case 'most':
      // The card the suggester least expects: the most information it can give.
      return choose((view, suggester, held) => rng.pick(byChance(needsCore(), view, suggester, held, 'lowest')));
    case 'fresh':
      // A card this suggester has not yet seen from us, when we can: news every time.
      return (view, suggester, held) => {
        const again = shownBefore(view, suggester, held);
        const fresh = held.filter((c) => !again.includes(c));
        return rng.pick(fresh.length > 0 ? fresh : held);
      };
  }
}
