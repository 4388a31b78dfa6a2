/**
 * The strategies of the literature (docs/agents.md, "Strategies from the literature"), each checked
 * at every decision of real games on a small deck against an exhaustive oracle that shares nothing
 * with the agents' knowledge (test/support/brute-force.ts enumerates every deal):
 *   - refute=least / most show the card the suggester most / least expects the refuter to hold,
 *     judged from the public events and the cards already shown to it;
 *   - suggest=categories names, per category, a card that may be in the envelope;
 *   - suggest=own asks about one open card and blocks every other category it can;
 *   - bluff=N names one own card in each of the first N suggestions, none after;
 *   - accuse=two accuses the likelier of the last two solutions; accuse=wait:N waits N turns.
 */
import { describe, expect, it } from 'vitest';
import { makeDeck } from '../src/model/deck.js';
import { Random } from '../src/model/random.js';
import { KnowledgeCore } from '../src/knowledge/wasm-core.js';
import type { Decision, SyncAgent } from '../src/game/agent.js';
import { AGENTS, AGENT_NAMES, createAgent, optionSyntax, parseAgentSpec } from '../src/agents/registry.js';
import { playGame } from '../src/game/play.js';
import type { SeatView } from '../src/game/seat-view.js';
import type { Game } from '../src/model/game.js';
import { bruteForceGame, dealSatisfiesGame, enumerateDeals, envelopeCards, shapeOfGame } from './support/brute-force.js';
import { InputError } from '../src/model/errors.js';

const core = KnowledgeCore.create();

const DECK = makeDeck({ who: ['A0', 'A1', 'A2'], what: ['B0', 'B1', 'B2'], where: ['C0', 'C1', 'C2', 'C3'] });
const SPEC = { deck: DECK, players: ['P0', 'P1', 'P2'], maxTurns: 60 };

const bit = (mask: number, c: number) => ((mask >>> c) & 1) === 1;

/** What a spectator knows: the public events, no hand, no card seen. */
function publicGame(view: SeatView): Game {
  const game = view.game();
  const events = game.events.map((e) => (e.type === 'suggestion' || e.type === 'showcard' ? { ...e, shown: null } : e));
  return { ...game, me: null, myHand: [], events };
}

/** Per card of `held`: P(the refuter holds it | public events, it holds what it showed the suggester), by enumeration. */
function oracleChances(view: SeatView, suggester: number, held: number[]): number[] {
  const game = publicGame(view);
  const shown = view.showedTo(suggester);
  const result = enumerateDeals(shapeOfGame(game), (deal) => dealSatisfiesGame(game, deal) && (deal[view.me] & shown) === shown);
  return held.map((c) => result.ownerCounts[c * (view.players.length + 2) + view.me] / result.count);
}

/** Per category, the cards some consistent deal puts in the envelope, by enumeration of the seat's view. */
function oracleEnvelopeOptions(view: SeatView): number[][] {
  const oracle = bruteForceGame(view.game());
  const env = view.players.length;
  return DECK.categoryMasks.map((m) => DECK.cards.map((_, c) => c).filter((c) => bit(m, c) && oracle.ownerCounts[c * (env + 2) + env] > 0));
}

interface Watch {
  newGame?: () => void;
  suggest?: (view: SeatView, cards: number[]) => void;
  refute?: (view: SeatView, suggester: number, held: number[], shown: number) => void;
  decide?: (view: SeatView, decision: Decision) => void;
}

/** The agent, its decisions handed to `watch` as it makes them. */
function watched(agent: SyncAgent, watch: Watch): SyncAgent {
  return {
    ...agent,
    suggest(view, room) {
      const cards = agent.suggest(view, room);
      watch.suggest?.(view, [...cards]);
      return cards;
    },
    refute(view, suggester, held, suggested) {
      const shown = agent.refute(view, suggester, held, suggested);
      watch.refute?.(view, suggester, held, shown);
      return shown;
    },
    decide(view) {
      const decision = agent.decide(view);
      watch.decide?.(view, decision);
      return decision;
    },
  };
}

/** Plays `games` three-player games: the watched agent in seat 0, `others` in the other seats. */
function play(label: string, watch: Watch, games: number, others = label): void {
  for (let g = 0; g < games; g++) {
    watch.newGame?.();
    const agents = [0, 1, 2].map((s) => {
      const agent = createAgent(parseAgentSpec(s === 0 ? label : others), new Random(7, g, s), core);
      return s === 0 ? watched(agent, watch) : agent;
    });
    playGame(SPEC, agents, new Random(7, g));
    agents.forEach((a) => a.dispose?.());
  }
}

describe('refutations that weigh what the suggester learns', () => {
  for (const [name, prefer] of [
    ['least', Math.max],
    ['most', Math.min],
  ] as const) {
    it(`refute=${name} shows a card the suggester judges ${name === 'least' ? 'most' : 'least'} likely to be held (exhaustive oracle, every choice of 120 games)`, () => {
      let choices = 0;
      let informative = 0;
      play(
        `deductive:refute=${name}`,
        {
          refute(view, suggester, held, shown) {
            if (held.length < 2) return;
            const chances = oracleChances(view, suggester, held);
            const best = prefer(...chances);
            expect(chances[held.indexOf(shown)]).toBeCloseTo(best, 9);
            choices++;
            if (Math.max(...chances) - Math.min(...chances) > 1e-9) informative++;
          },
        },
        120,
        'deductive:suggest=any',
      );
      // Enough choices, and some where the cards differed, for the check to mean something.
      expect(choices).toBeGreaterThan(40);
      expect(informative).toBeGreaterThan(10);
    });
  }

  it('refute=fresh shows a card not yet shown to that suggester whenever it can; repeat one already shown', () => {
    let checked = 0;
    for (const name of ['fresh', 'repeat'] as const) {
      play(
        `deductive:refute=${name}`,
        {
          refute(view, suggester, held, shown) {
            const before = held.filter((c) => bit(view.showedTo(suggester), c));
            if (before.length === 0 || before.length === held.length) return;
            expect(bit(view.showedTo(suggester), shown)).toBe(name === 'repeat');
            checked++;
          },
        },
        40,
        'deductive:suggest=any',
      );
    }
    expect(checked).toBeGreaterThan(5);
  });
});

describe('suggestions of the Java Kripke-model implementation', () => {
  it('suggest=categories names in every category a card that may be in the envelope', () => {
    let checked = 0;
    play('kripke', {
      suggest(view, cards) {
        const options = oracleEnvelopeOptions(view);
        cards.forEach((c, g) => expect(options[g]).toContain(c));
        checked++;
      },
    }, 20);
    expect(checked).toBeGreaterThan(30);
  });

  it('suggest=own asks about one open card and blocks every other category it can', () => {
    let checked = 0;
    play('kripke:suggest=own', {
      suggest(view, cards) {
        const options = oracleEnvelopeOptions(view);
        const blockers = new Set([...view.myHand, ...view.faceUp]);
        let asked = 0;
        cards.forEach((c, g) => {
          const canBlock = DECK.cards.some((_, d) => blockers.has(d) && DECK.categoryOf[d] === g) || options[g].length === 1;
          const blocked = blockers.has(c) || (options[g].length === 1 && options[g][0] === c);
          if (!blocked) {
            expect(options[g]).toContain(c);
            if (canBlock) asked++;
          }
        });
        expect(asked).toBeLessThanOrEqual(1);
        checked++;
      },
    }, 20);
    expect(checked).toBeGreaterThan(30);
  });
});

describe("Hansen & Hansen's bluff", () => {
  it('bluff=2: one own card in each of the first two suggestions, none after (deductive names none of its own)', () => {
    let bluffs = 0;
    let later = 0;
    play('deductive:bluff=2', {
      suggest(view, cards) {
        const made = view.events.filter((e) => e.type === 'suggestion' && e.by === view.me).length;
        const own = cards.filter((c) => view.myHand.includes(c)).length;
        expect(own).toBe(made < 2 ? 1 : 0);
        if (made < 2) bluffs++;
        else later++;
      },
    }, 20);
    expect(bluffs).toBe(40);
    expect(later).toBeGreaterThan(0);
  });
});

describe('accusations of the Java Kripke-model implementation', () => {
  it('accuse=two accuses only with two solutions left, the likelier of them (exhaustive oracle)', () => {
    let early = 0;
    play('kripke:accuse=two', {
      decide(view, decision) {
        if (decision.accusation === null || decision.certain) return;
        const oracle = bruteForceGame(view.game());
        const possible = [...oracle.envelopeCounts.keys()].filter((q) => oracle.envelopeCounts[q] > 0);
        expect(possible).toHaveLength(2);
        const likelier = Math.max(...possible.map((q) => oracle.envelopeCounts[q]));
        const accused = possible.find((q) => envelopeCards(DECK.categoryMasks, q).every((c, g) => c === decision.accusation![g]));
        expect(accused).toBeDefined();
        expect(oracle.envelopeCounts[accused!]).toBe(likelier);
        early++;
      },
    }, 40);
    expect(early).toBeGreaterThan(3);
  });

  it('accuse=wait:2 stays silent for two of its turns once certain, then accuses', () => {
    let waited = 0;
    let certainTurns = 0;
    let games = 0;
    play('kripke:accuse=wait:2', {
      newGame: () => void (certainTurns = 0),
      decide(view, decision) {
        if (!decision.certain) return expect(decision.accusation).toBeNull();
        certainTurns++;
        expect(decision.accusation !== null).toBe(certainTurns > 2);
        if (decision.accusation !== null) games++;
        else waited++;
      },
    }, 30);
    expect(games).toBeGreaterThan(3);
    expect(waited).toBeGreaterThanOrEqual(2 * games);
  });
});

describe('options', () => {
  it('kripke is the Java implementation: exact knowledge, per-category suggestions, random refutation, accusing when certain', () => {
    expect(parseAgentSpec('kripke')).toMatchObject({ name: 'kripke', suggest: 'categories', refute: 'random', accuse: 'certain', bluff: 0 });
    expect(parseAgentSpec('kripke:suggest=own,refute=least,accuse=wait:3')).toMatchObject({ suggest: 'own', refute: 'least', accuse: { wait: 3 } });
    expect(parseAgentSpec('deductive:bluff=4')).toMatchObject({ suggest: 'possible', bluff: 4 });
  });

  it('a mistake names the option and what it takes', () => {
    expect(() => parseAgentSpec('kripke:suggest=clever')).toThrow(/suggest must be any, possible, categories or own, not "clever"/);
    expect(() => parseAgentSpec('random:suggest=own')).toThrow(/unknown option "suggest"/);
    expect(() => parseAgentSpec('entropy:bluff=2')).toThrow(/unknown option "bluff"/);
    expect(() => parseAgentSpec('deductive:bluff=-1')).toThrow(/bluff must be a number of suggestions/);
    expect(() => parseAgentSpec('deductive:accuse=wait:x')).toThrow(/accuse must be certain, never, two, risky:P/);
    expect(() => parseAgentSpec('deductive:refute=sweet')).toThrow(InputError);
  });
});

describe('the agents as data: every option of every agent from its entry', () => {
  const withoutLabel = (text: string) => ({ ...parseAgentSpec(text), label: '' });

  it('each default, written out, gives the agent with no options; each value it lists is accepted', () => {
    for (const agent of AGENTS) {
      for (const [option, value] of agent.options) {
        expect(withoutLabel(`${agent.name}:${option.key}=${value}`), `${agent.name}:${option.key}`).toEqual(withoutLabel(agent.name));
        // The lower-case words of "a|b|risky:P" are values; P, N and W stand for numbers.
        for (const v of option.values.split('|').filter((w) => /^[a-z]+$/.test(w))) expect(() => parseAgentSpec(`${agent.name}:${option.key}=${v}`)).not.toThrow();
      }
    }
  });

  it('a number option takes the ends of the range its message states, and nothing beyond them', () => {
    let checked = 0;
    for (const agent of AGENTS) {
      for (const [option] of agent.options) {
        const range = /from ([\d,.]+) to ([\d,.]+)$/.exec(option.expected);
        if (range === null) continue;
        const [min, max] = [Number(range[1].replace(/,/g, '')), Number(range[2].replace(/,/g, ''))];
        const whole = /whole number|number of/.test(option.expected);
        const spec = (v: number | string) => `${agent.name}:${option.key}=${v}`;
        expect(() => parseAgentSpec(spec(min))).not.toThrow();
        expect(() => parseAgentSpec(spec(max))).not.toThrow();
        const message = (v: string) => `agent "${spec(v)}": ${option.key} must be ${option.expected}, not "${v}"`;
        for (const bad of [whole ? String(max + 1) : String(max + 0.01), whole && min > 0 ? String(min - 1) : '-1', 'x', '']) expect(() => parseAgentSpec(spec(bad))).toThrow(message(bad));
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(8);
  });

  it("an option the agent does not take is refused with the agent's options, and which agents take it", () => {
    const keys = [...new Set(AGENTS.flatMap((a) => a.options.map(([o]) => o.key)))];
    for (const agent of AGENTS) {
      const own = agent.options.map(([o]) => optionSyntax(o));
      for (const key of keys.filter((k) => !agent.options.some(([o]) => o.key === k))) {
        const takers = AGENTS.filter((a) => a.options.some(([o]) => o.key === key)).map((a) => a.name);
        let message = '';
        try {
          parseAgentSpec(`${agent.name}:${key}=1`);
        } catch (e) {
          message = (e as Error).message;
        }
        expect(message).toMatch(new RegExp(`^agent "${agent.name}:${key}=1": unknown option "${key}"; only .* ${key}= \\(${agent.name}'s options: `));
        for (const taker of takers) expect(message.slice(0, message.indexOf('('))).toContain(taker);
        for (const o of own) expect(message).toContain(o);
      }
    }
  });

  it('an agent is named by the name rule, and a typo of its name or of an option gets the nearest', () => {
    for (const name of AGENT_NAMES) expect(parseAgentSpec(` ${name.toUpperCase()}:refute=first `)).toMatchObject({ name, label: `${name.toUpperCase()}:refute=first` });
    expect(() => parseAgentSpec('entropi')).toThrow(/^unknown agent "entropi"; did you mean "entropy"\? \(agents: random, naive/);
    expect(() => parseAgentSpec('deductive:sugest=any')).toThrow(/unknown option "sugest"; did you mean "suggest"\?/);
  });
});
