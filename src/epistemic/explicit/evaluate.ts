/**
 * The explicit semantics (docs/epistemic-semantics.md §2.2): each subformula evaluated once, to
 * the set of worlds where it holds.
 */
import { ENVELOPE } from '../../model/owners.js';
import type { Formula } from '../language/formula.js';
import type { KripkeModel } from './model.js';
import * as sets from './world-set.js';
import type { WorldSet } from './world-set.js';

export class ExplicitEvaluator {
  readonly #cache = new Map<string, WorldSet>();

  constructor(readonly model: KripkeModel) {}

  /** The worlds of the model where f holds. */
  evaluate(f: Formula): WorldSet {
    const key = JSON.stringify(f);
    let s = this.#cache.get(key);
    if (s === undefined) {
      s = this.#compute(f);
      this.#cache.set(key, s);
    }
    return s;
  }

  #compute(f: Formula): WorldSet {
    const m = this.model;
    const n = m.size;
    switch (f.op) {
      case 'true':
        return sets.fullSet(n);
      case 'false':
        return sets.emptySet(n);
      case 'has':
        return m.holds(ownerSlot(m, f.owner), f.card);
      case 'not':
        return sets.complement(this.evaluate(f.arg), n);
      case 'and':
        return f.args.map((g) => this.evaluate(g)).reduce((a, b) => sets.intersect(a, b));
      case 'or':
        return f.args.map((g) => this.evaluate(g)).reduce((a, b) => sets.union(a, b));
      case 'implies':
        return sets.implication(this.evaluate(f.args[0]), this.evaluate(f.args[1]), n);
      case 'iff':
        return sets.equivalence(this.evaluate(f.args[0]), this.evaluate(f.args[1]), n);
      case 'K':
        return m.know(f.agent, this.evaluate(f.arg));
      case 'M':
        return m.possible(f.agent, this.evaluate(f.arg));
      case 'E': {
        const s = this.evaluate(f.arg);
        return f.group.map((a) => m.know(a, s)).reduce((a, b) => sets.intersect(a, b));
      }
      case 'D':
        return m.distributed(f.group, this.evaluate(f.arg));
      case 'C':
        return m.common(f.group, this.evaluate(f.arg));
      case 'Kenv':
        return m.knowsEnvelope(f.agent);
      case 'announce': {
        const what = this.evaluate(f.what);
        const after = m.restrict(what);
        const then = new ExplicitEvaluator(after.model).evaluate(f.then);
        after.model.dispose();
        // [!φ]ψ: true where φ is false; elsewhere ψ in the model after the announcement.
        const out = sets.complement(what, n);
        for (const i of sets.members(then)) sets.add(out, after.origin[i]);
        return out;
      }
      case 'learnsWhether': {
        const after = m.refine(f.agents, this.evaluate(f.what));
        const then = new ExplicitEvaluator(after).evaluate(f.then);
        after.dispose();
        return then;
      }
    }
  }
}

/** The model's owner slot for a formula's owner (seat, ENVELOPE or TABLE). */
export function ownerSlot(m: KripkeModel, owner: number): number {
  if (owner >= 0) return owner;
  return owner === ENVELOPE ? m.frame.envelope : -1;
}
