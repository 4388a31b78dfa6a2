// The counting core as an engine (semantics.ts): the formulas it answers exactly in milliseconds,
// and only those. A full record's values are exact for the whole fragment of full-size.ts; an
// observer's probabilities are exact for formulas without modalities (a restricted count each),
// while knowledge of what others saw would need drawn worlds: those are left to the symbolic engine.
// The core counts deals without quotas per hand, and reads a showcard as an action: agents' knowledge
// under rules.handQuotas or the refinement reading is left to the engines that model them.
import type { Phrase } from '../model/errors.js';
import { isPropositional, type Formula } from './language/formula.js';
import type { ShowcardReading } from './announcements.js';
import type { FullSizeEngine } from './full-size.js';
import type { Probability, Semantics } from './semantics.js';

export class CountingEngine implements Semantics {
  readonly name = 'counting';

  constructor(
    readonly fullSize: FullSizeEngine,
    readonly showcard: ShowcardReading = 'action',
  ) {}

  unsupported(f: Formula): Phrase | null {
    if (this.fullSize.game.rules.handQuotas !== null) {
      return ['the counting core cannot count deals with a quota per category in each hand (rules.handQuotas)'];
    }
    if (this.showcard === 'refinement' && !isPropositional(f)) {
      return ['the counting core reads a showcard as an action, not as a refinement (', { option: 'showcard', value: 'refinement' }, ')'];
    }
    const why = this.fullSize.unsupported(f);
    if (why !== null) return why;
    if (this.fullSize.game.deal === null && this.fullSize.drawsFor(f)) {
      return ['the counting core gives an observer exact probabilities only of formulas without K, M, E, D, C or Kenv'];
    }
    return null;
  }

  value(f: Formula): boolean {
    return this.fullSize.value(f);
  }

  probability(f: Formula): Probability {
    return this.fullSize.probability(f);
  }

  /** The full-size engine belongs to its maker, who disposes of it. */
  dispose(): void {}

  [Symbol.dispose](): void {}
}
