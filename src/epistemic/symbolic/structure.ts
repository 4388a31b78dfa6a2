/**
 * A knowledge structure (SMCDEL's, van Benthem, van Eijck, Gattinger and Su, "Symbolic model
 * checking for dynamic epistemic logic"): variables V, a state law (a diagram over V: the states
 * are its satisfying assignments) and, per agent, the variables it observes. Two states are alike
 * to an agent when they agree on what it observes, so K_a φ = ∀(V∖O_a)(law → φ). Structures are
 * values: a transformer (an announcement, fresh observed variables) makes a new one.
 */
import { FALSE, TRUE, type Bdd, type Diagrams } from './bdd.js';

export class KnowledgeStructure {
  /** Per agent (or group, for D), the cube of the variables it does not observe. */
  readonly #unobserved = new Map<string, Bdd>();
  #released = false;

  constructor(
    readonly diagrams: Diagrams,
    /** V: the variables of the states. */
    readonly variables: readonly number[],
    /** The state law, protected while the structure lives. */
    readonly law: Bdd,
    /** O_a for each agent a. */
    readonly observed: ReadonlyArray<readonly number[]>,
  ) {
    diagrams.protect(law);
  }

  /** The public announcement of `what` (a diagram over V): the states where it holds. */
  announced(what: Bdd): KnowledgeStructure {
    return new KnowledgeStructure(this.diagrams, this.variables, this.diagrams.and(this.law, what), this.observed);
  }

  /** `fresh` variables added to V, constrained by `constraint`, observed by `observers`. */
  extended(fresh: readonly number[], constraint: Bdd, observers: readonly number[]): KnowledgeStructure {
    const observed = this.observed.map((o, a) => (observers.includes(a) ? [...o, ...fresh] : o));
    return new KnowledgeStructure(this.diagrams, [...this.variables, ...fresh], this.diagrams.and(this.law, constraint), observed);
  }

  /** Every agent observes more variables (`more(a)`), the law unchanged. */
  observing(more: (agent: number) => readonly number[]): KnowledgeStructure {
    return new KnowledgeStructure(this.diagrams, this.variables, this.law, this.observed.map((o, a) => [...o, ...more(a)]));
  }

  /** K_a f: f in every state of the law that agrees with the state on what `agent` observes. */
  knows(agent: number, f: Bdd): Bdd {
    return this.#within([agent], f);
  }

  /** D_G f: f in every state that agrees with the state on what any member observes. */
  distributed(group: readonly number[], f: Bdd): Bdd {
    return this.#within(group, f);
  }

  /**
   * E_G f: every member knows f. Each K_a f is a small function of what a observes, but their
   * conjunction tracks every member's observations at once and can grow as their product; only
   * its values at the states matter, so once it outgrows the law it is taken within the law.
   */
  everybody(group: readonly number[], f: Bdd): Bdd {
    const d = this.diagrams;
    const lawSize = d.size(this.law);
    let all = TRUE;
    for (const a of group) {
      all = d.and(all, this.knows(a, f));
      if (all !== this.law && d.size(all) > lawSize) all = d.and(this.law, all);
    }
    return all;
  }

  /**
   * C_G f: f along every path of the group's relations. Its complement is computed, the states
   * from which a path reaches a state where f fails: the least fixpoint of R ↦ (law ∧ ¬f) ∨ ⋁_a
   * (law ∧ ∃(V∖O_a) R), grown one member at a time, each from the states it has not spread from
   * yet, until none is left (or every state is reached). Each step is one quantification of a set
   * no larger than the law, where the greatest fixpoint of X ↦ E_G(f ∧ X) takes a product with
   * the law per member and round.
   */
  common(group: readonly number[], f: Bdd): Bdd {
    const d = this.diagrams;
    let reach = d.and(this.law, d.not(f));
    // spreadFrom[i]: states whose classes of member i's relation are all reached (what it spread to is whole classes)
    const spreadFrom = group.map(() => FALSE);
    for (let idle = 0, i = 0; idle < group.length && reach !== this.law; i = (i + 1) % group.length) {
      const fresh = d.and(reach, d.not(spreadFrom[i]));
      idle = fresh === FALSE ? idle + 1 : 0;
      if (fresh !== FALSE) reach = d.or(reach, d.and(this.law, d.exists(fresh, this.#unobservedBy([group[i]]))));
      spreadFrom[i] = reach;
    }
    return d.not(reach);
  }

  /** ¬∃(V∖⋃O_G)(law ∧ ¬f): the states whose every alike state (to the group together) satisfies f. */
  #within(group: readonly number[], f: Bdd): Bdd {
    const d = this.diagrams;
    return d.not(d.andExists(this.law, d.not(f), this.#unobservedBy(group)));
  }

  #unobservedBy(group: readonly number[]): Bdd {
    const key = group.join(',');
    let cube = this.#unobserved.get(key);
    if (cube === undefined) {
      const seen = new Set(group.flatMap((a) => this.observed[a]));
      cube = this.diagrams.protect(this.diagrams.cube(this.variables.filter((v) => !seen.has(v))));
      this.#unobserved.set(key, cube);
    }
    return cube;
  }

  /** Lets collect() reclaim the structure's diagrams. */
  release(): void {
    if (this.#released) return;
    this.#released = true;
    this.diagrams.unprotect(this.law);
    for (const cube of this.#unobserved.values()) this.diagrams.unprotect(cube);
    this.#unobserved.clear();
  }
}
