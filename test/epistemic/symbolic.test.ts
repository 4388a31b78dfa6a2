// The symbolic engine (knowledge structures on decision diagrams) against the naive reference of
// brute-force.ts and against the explicit engine: random small games, random formulas of every
// operator, both showcard readings; values at a full record's point, observers' and the
// spectator's probabilities, the worlds, and the errors of logs that cannot have happened. Then
// the seeds' worked games (examples/epistemic) with their stated answers.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { SymbolicEngine } from '../../src/epistemic/symbolic/engine.js';
import { DiagramsTooLargeError } from '../../src/epistemic/symbolic/bdd.js';
import type { ChoiceEncoding, Placement } from '../../src/epistemic/symbolic/game-structure.js';
import { ExplicitEngine } from '../../src/epistemic/explicit/engine.js';
import type { ShowcardReading } from '../../src/epistemic/explicit/game-model.js';
import { textQueries } from '../../src/epistemic/queries.js';
import { parseGame } from '../../src/io/log.js';
import type { Game } from '../../src/model/game.js';
import type { GameEvent } from '../../src/model/events.js';
import { bruteGameModel, bruteObserverAnswer } from './brute-force.js';
import { buildGame, describeGame, fit, formula, gamePlan, hidesAShownCard, observerLog } from './random-games.js';
import { runs } from '../support/tier.js';
import { example, expectAnalyzed, formulaOf } from './analyzed-examples.js';

const READINGS: ShowcardReading[] = ['action', 'refinement'];
/** The encodings and variable orders the answers must not depend on. */
const placement = fc.constantFrom<Placement>('bottom', 'below', 'above', 'beside');
const choices = fc.constantFrom<ChoiceEncoding>('one-hot', 'binary');
const SEED = 20_261_205;

/** What `run` throws (its message), or null. */
function thrown(run: () => unknown): string | null {
  try {
    run();
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}

describe('the symbolic engine equals the reference and the explicit engine on random games', () => {
  it('values at the point and the number of worlds, at every point of the log, both readings, any encoding and placement of the fresh variables', () => {
    fc.assert(
      fc.property(gamePlan(), fc.array(formula(3), { minLength: 1, maxLength: 4 }), fc.nat(6), placement, choices, (plan, raw, at, placement, choices) => {
        const game = buildGame(plan);
        const formulas = raw.map((f) => fit(f, game));
        const count = at % (game.events.length + 1);
        for (const showcard of READINGS) {
          using symbolic = new SymbolicEngine(game, count, { showcard, placement, choices });
          using explicit = new ExplicitEngine(game, count, { showcard });
          const brute = bruteGameModel(game, count, showcard);
          const where = () => `at ${count}, ${showcard}, ${describeGame(game)}`;
          expect(symbolic.worlds, `worlds, ${where()}`).toBe(BigInt(brute.model.size));
          expect(symbolic.worlds, `worlds, ${where()}`).toBe(BigInt(explicit.worlds!));
          for (const f of formulas) {
            const value = symbolic.value(f);
            expect(value, `value of ${JSON.stringify(f)}, ${where()}`).toBe(brute.evaluator.holds(f, brute.point!));
            expect(value, `value of ${JSON.stringify(f)}, ${where()}`).toBe(explicit.value(f));
          }
        }
      }),
      { seed: SEED, numRuns: runs(300) },
    );
  });

  it('an observer’s (or the spectator’s) probability and whether it knows, both readings', () => {
    fc.assert(
      fc.property(gamePlan(), fc.nat(3), fc.array(formula(3), { minLength: 1, maxLength: 4 }), fc.nat(5), placement, choices, (plan, seat, raw, at, placement, choices) => {
        const full = buildGame(plan);
        // seat n: the spectator (me null), who sees no shown card
        const game = observerLog(full, seat % (full.players.length + 1));
        const formulas = raw.map((f) => fit(f, game));
        const count = at % (game.events.length + 1);
        for (const showcard of READINGS) {
          using symbolic = new SymbolicEngine(game, count, { showcard, placement, choices });
          using explicit = new ExplicitEngine(game, count, { showcard });
          if (showcard === 'refinement' && hidesAShownCard(game.events.length === count ? game : { ...game, events: game.events.slice(0, count) })) {
            // the Java reading needs every shown card: the explicit engine's error, word for word
            const refused = thrown(() => explicit.probability(formulas[0]));
            expect(refused).toMatch(/shown card/);
            expect(thrown(() => symbolic.probability(formulas[0]))).toBe(refused);
            continue;
          }
          const brute = bruteGameModel(game, count, showcard);
          for (const f of formulas) {
            const where = `${JSON.stringify(f)} at ${count}, ${showcard}, ${describeGame(game)}`;
            const reference = bruteObserverAnswer(brute, game, f);
            const answer = symbolic.probability(f);
            expect(Math.abs(answer.probability - reference.probability), `probability of ${where}: ${answer.probability}, reference ${reference.probability}`).toBeLessThanOrEqual(1e-12);
            expect(answer.known, `known, ${where}`).toBe(reference.known);
            expect(answer.standardError).toBeNull();
            expect(Math.abs(answer.probability - explicit.probability(f).probability)).toBeLessThanOrEqual(1e-12);
          }
        }
      }),
      { seed: SEED + 1, numRuns: runs(300) },
    );
  });

  it('refuses a log the explicit engine refuses (an event false of the deal, no deal left to the observer), with its words', () => {
    // One more event, anywhere in a random game: often false of the deal or of what the observer saw.
    const extra = fc.record({ kind: fc.nat(3), by: fc.nat(3), to: fc.nat(3), picks: fc.array(fc.nat(2), { minLength: 3, maxLength: 3 }), shown: fc.nat(2), where: fc.nat(8) });
    fc.assert(
      fc.property(gamePlan({ maxEvents: 3 }), extra, fc.nat(4), placement, choices, (plan, e, seat, placement, choices) => {
        const full = buildGame(plan, { maxEvents: 3 });
        const n = full.players.length;
        const cards = full.deck.categories.map((_, g) => full.deck.categoryOf.flatMap((h, c) => (h === g ? [c] : [])));
        const named = cards.map((cs, g) => cs[e.picks[g] % cs.length]);
        const by = e.by % n;
        const to = (by + 1 + (e.to % (n - 1))) % n;
        const event: GameEvent = [
          { type: 'nocard', by, cards: named },
          { type: 'showcard', by, to, cards: named, shown: named[e.shown % named.length] },
          { type: 'accusation', by, cards: named, correct: e.shown === 0 },
          { type: 'endmove', by },
        ][e.kind % 4] as GameEvent;
        const events = [...full.events];
        events.splice(e.where % (events.length + 1), 0, event);
        const mutated: Game = { ...full, events };
        const game = seat % (n + 2) === n + 1 ? mutated : observerLog(mutated, seat % (n + 2));
        for (const showcard of READINGS) {
          using symbolic = new SymbolicEngine(game, game.events.length, { showcard, placement, choices });
          using explicit = new ExplicitEngine(game, game.events.length, { showcard });
          const refused = thrown(() => explicit.worlds);
          expect(thrown(() => symbolic.worlds), `${showcard}, ${describeGame(game)}`).toBe(refused);
        }
      }),
      { seed: SEED + 2, numRuns: runs(300) },
    );
  });
});

interface Claim {
  id: string;
  at: number;
  formula: string;
  expected: boolean;
  showcard: ShowcardReading | 'both';
}
interface Count {
  at: number;
  showcard: ShowcardReading | 'both';
  worlds?: number;
}

const dir = new URL('../../examples/epistemic/', import.meta.url);
const names = readdirSync(dir)
  .filter((f) => f.endsWith('.formulas.json'))
  .map((f) => f.replace('.formulas.json', ''));
const readings = (r: ShowcardReading | 'both'): ShowcardReading[] => (r === 'both' ? ['action', 'refinement'] : [r]);

describe.each(names)('the symbolic engine on examples/epistemic/%s', (name) => {
  const game = parseGame(JSON.parse(readFileSync(new URL(`${name}.json`, dir), 'utf8')));
  const spec = JSON.parse(readFileSync(new URL(`${name}.formulas.json`, dir), 'utf8')) as { counts: Count[]; formulas: Claim[] };

  it.each(READINGS)('every claim holds under the %s reading', (showcard) => {
    const claims = spec.formulas.filter((c) => readings(c.showcard).includes(showcard));
    const engines = new Map<number, SymbolicEngine>();
    try {
      const wrong = claims.flatMap((c) => {
        const [{ formula }] = textQueries([c.formula], game, c.at);
        if (!engines.has(c.at)) engines.set(c.at, new SymbolicEngine(game, c.at, { showcard }));
        const value = engines.get(c.at)!.value(formula);
        return value === c.expected ? [] : [`${c.id} (at ${c.at}): ${c.formula} is ${value}`];
      });
      expect(wrong).toEqual([]);
    } finally {
      for (const e of engines.values()) e.dispose();
    }
  });

  it.each(spec.counts.filter((c) => c.worlds !== undefined).map((c) => [c.at, c.showcard, c] as const))('the worlds at %i (%s)', (at, showcard, count) => {
    for (const reading of readings(showcard)) {
      using engine = new SymbolicEngine(game, at, { showcard: reading });
      expect(engine.worlds).toBe(BigInt(count.worlds!));
    }
  });
});

describe('the symbolic engine on the full classic game', () => {
  it('has the 44,460,928,512,000 deals of the six-player game before any event (semantics §1.2)', () => {
    using engine = new SymbolicEngine(example('classic-6p-early').game, 0);
    expect(engine.worlds).toBe(44_460_928_512_000n);
  });

  it.each(['classic-3p-spectator', 'classic-4p-faceup', 'custom-deck-3p', 'classic-6p-late'])(
    '%s: each card’s probability is analyze’s, and the observer knows it (and so does its seat) where that is 1',
    (name) => {
      expectAnalyzed(name);
    },
  );

  it('late in a six-player game: nested formulas obey S5', () => {
    const { game } = example('classic-6p-late');
    using engine = new SymbolicEngine(game, game.events.length);
    const nested = ['K[P1] K[P2] has(P3, Ballroom)', 'C[P0,P1,P2,P3,P4,P5] !has(P0, Wrench)', 'M[P4] [P1,P2 ? has(P3, Rope)] K[P1] Kenv[P2]'];
    for (const text of nested) {
      const validities = [
        `K[P1] (${text}) -> (${text})`,
        `!K[P3] (${text}) -> K[P3] !K[P3] (${text})`,
        `C[P1,P2] (${text}) <-> (${text}) & E[P1,P2] C[P1,P2] (${text})`,
        `[!(${text})] C[P0,P1,P2,P3,P4,P5] (${text}) | !(${text})`,
      ];
      for (const v of validities) expect(engine.probability(formulaOf(game, v)), v).toEqual({ probability: 1, standardError: null, known: true });
    }
  });

  it('beyond maxNodes: DiagramsTooLargeError naming the option, and the engine answers the next formula', () => {
    const { game } = example('classic-6p-early');
    // The structure fits in 1.7 million nodes; common knowledge among the six seats does not.
    using engine = new SymbolicEngine(game, game.events.length, { maxNodes: 1_700_000 });
    const refused = (() => {
      try {
        engine.probability(formulaOf(game, 'C[P0,P1,P2,P3,P4,P5] !has(envelope, Knife)'));
      } catch (e) {
        return e;
      }
    })();
    expect(refused).toBeInstanceOf(DiagramsTooLargeError);
    expect(refused).toMatchObject({ code: 'max-nodes', option: 'maxNodes', limit: 1_700_000 });
    const p = engine.probability(formulaOf(game, 'K[P2] !has(envelope, "Miss Scarlet")'));
    expect(p.probability).toBeGreaterThan(0);
    expect(p.probability).toBeLessThan(1);
  });
});
