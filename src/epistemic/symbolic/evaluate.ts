/**
 * The symbolic semantics (docs/epistemic-semantics.md §2.2 on a knowledge structure): each
 * subformula evaluated once to the diagram of the states where it holds. The announcements build
 * the structure after them: [!φ]ψ = φ → ψ in the structure whose law is law ∧ φ; [G?φ]ψ adds a
 * fresh variable v ↔ φ that the group observes, evaluates ψ there and puts φ back for v.
 */
import { ENVELOPE } from '../../model/owners.js';
import type { Formula } from '../language/formula.js';
import { FALSE, TRUE, type Bdd } from './bdd.js';
import type { DealVariables } from './deal-variables.js';
import type { KnowledgeStructure } from './structure.js';

export class SymbolicEvaluator {
  /** Results by the formula's JSON, protected while the evaluator lives. */
  readonly #memo = new Map<string, Bdd>();
  /** The structures after the announcements met so far, by the announcement. */
  readonly #after = new Map<string, { structure: KnowledgeStructure; evaluator: SymbolicEvaluator; fresh: number | null }>();

  constructor(
    readonly structure: KnowledgeStructure,
    readonly atoms: DealVariables,
  ) {}

  /** The states of the structure where f holds. */
  evaluate(f: Formula): Bdd {
    const key = JSON.stringify(f);
    let b = this.#memo.get(key);
    if (b === undefined) {
      b = this.structure.diagrams.protect(this.#compute(f));
      this.#memo.set(key, b);
    }
    return b;
  }

  #compute(f: Formula): Bdd {
    const s = this.structure;
    const d = s.diagrams;
    switch (f.op) {
      case 'true':
        return TRUE;
      case 'false':
        return FALSE;
      case 'has':
        return this.atoms.has(f.owner, f.card);
      case 'not':
        return d.not(this.evaluate(f.arg));
      case 'and':
        return d.andAll(f.args.map((g) => this.evaluate(g)));
      case 'or':
        return d.orAll(f.args.map((g) => this.evaluate(g)));
      case 'implies':
        return d.implies(this.evaluate(f.args[0]), this.evaluate(f.args[1]));
      case 'iff':
        return d.iff(this.evaluate(f.args[0]), this.evaluate(f.args[1]));
      case 'K':
        return s.knows(f.agent, this.evaluate(f.arg));
      case 'M':
        return d.not(s.knows(f.agent, d.not(this.evaluate(f.arg))));
      case 'E':
        return s.everybody(f.group, this.evaluate(f.arg));
      case 'D':
        return s.distributed(f.group, this.evaluate(f.arg));
      case 'C':
        return s.common(f.group, this.evaluate(f.arg));
      case 'Kenv':
        return d.andAll(
          this.atoms.game.deck.categories.map((_, g) =>
            d.orAll(this.#cardsOfCategory(g).map((c) => s.knows(f.agent, this.atoms.has(ENVELOPE, c)))),
          ),
        );
      case 'announce': {
        const what = this.evaluate(f.what);
        const after = this.#afterwards(JSON.stringify({ announce: f.what }), () => ({ structure: s.announced(what), fresh: null }));
        return d.implies(what, after.evaluator.evaluate(f.then));
      }
      case 'learnsWhether': {
        const what = this.evaluate(f.what);
        const after = this.#afterwards(JSON.stringify({ agents: f.agents, learn: f.what }), () => {
          const v = d.newVar();
          return { structure: s.extended([v], d.iff(d.variable(v), what), f.agents), fresh: v };
        });
        return d.compose(after.evaluator.evaluate(f.then), after.fresh!, what);
      }
    }
  }

  #cardsOfCategory(g: number): number[] {
    const { categoryOf } = this.atoms.game.deck;
    return categoryOf.flatMap((h, c) => (h === g ? [c] : []));
  }

  #afterwards(key: string, make: () => { structure: KnowledgeStructure; fresh: number | null }) {
    let after = this.#after.get(key);
    if (after === undefined) {
      const { structure, fresh } = make();
      after = { structure, evaluator: new SymbolicEvaluator(structure, this.atoms), fresh };
      this.#after.set(key, after);
    }
    return after;
  }

  /** Lets collect() reclaim every diagram the evaluator (and those of the structures after its announcements) kept. */
  release(): void {
    for (const b of this.#memo.values()) this.structure.diagrams.unprotect(b);
    this.#memo.clear();
    for (const { structure, evaluator } of this.#after.values()) {
      evaluator.release();
      structure.release();
    }
    this.#after.clear();
  }
}
