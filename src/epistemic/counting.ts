// The counting core as an engine (semantics.ts): the formulas it answers exactly in milliseconds,
// and only those. A full record's values are exact for the whole fragment of full-size.ts; an
// observer's probabilities are exact for formulas without modalities (a restricted count each),
// while knowledge of what others saw would need drawn worlds: those are left to the symbolic engine.
import type { Phrase } from '../model/errors.js';
import type { Formula } from './language/formula.js';
import type { FullSizeEngine } from './full-size.js';
import type { Probability, Semantics } from './semantics.js';

export class CountingEngine implements Semantics {
  readonly name = 'counting';

  constructor(readonly fullSize: FullSizeEngine) {}

  unsupported(f: Formula): Phrase | null {
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
