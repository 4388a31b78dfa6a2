/**
 * Which card to show (analysis/refute-advice.ts), at every refutation of real games on a small
 * deck, against an exhaustive oracle (test/support/brute-force.ts): the chance the suggester gives
 * each card, the bits it learns, the fall of its envelope entropy, and what the table learns,
 * all counted over every deal of the public events with the cards already shown to the suggester.
 */
import { describe, expect, it } from 'vitest';
import { makeDeck } from '../src/model/deck.js';
import { Random } from '../src/model/random.js';
import { KnowledgeCore } from '../src/knowledge/wasm-core.js';
import type { SyncAgent } from '../src/game/agent.js';
import { createAgent, parseAgentSpec } from '../src/agents/registry.js';
import { playGame } from '../src/game/play.js';
import type { Game } from '../src/model/game.js';
import { refutationAdvice } from '../src/analysis/refute-advice.js';
import { dealSatisfiesGame, enumerateDeals, shapeOfGame } from './support/brute-force.js';
import { gameToLog } from '../src/io/write-log.js';
import { InputError } from '../src/model/errors.js';
import { refutationAdviceJson } from '../src/analysis/json.js';
import { parseGame } from '../src/io/log.js';
import { readFileSync } from 'node:fs';
import { runInProcess as cluedo } from './support/run-in-process.js';

// The split count of envelope combinations whatever the size (on these small decks the default
// would take the odometer): the exhaustive checks below are of the method large positions get.
const core = KnowledgeCore.create();
core.setEnvelopeMethod('split');
const DECK = makeDeck({ who: ['A0', 'A1', 'A2'], what: ['B0', 'B1', 'B2'], where: ['C0', 'C1', 'C2', 'C3'] });
const SPEC = { deck: DECK, players: ['P0', 'P1', 'P2'], maxTurns: 60 };
const bit = (mask: number, c: number) => ((mask >>> c) & 1) === 1;

function entropy(counts: Map<number, number>): number {
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  let h = 0;
  for (const n of counts.values()) if (n > 0) h -= (n / total) * Math.log2(n / total);
  return h;
}

/** The oracle: every deal of the public events in which the refuter holds what it showed the suggester. */
function oracle(game: Game, suggester: number, cards: number[]) {
  const me = game.me!;
  let shown = 0;
  for (const e of game.events) if (e.type === 'suggestion' && e.by === suggester && e.shownBy === me && e.shown !== null) shown |= 1 << e.shown;
  const pub: Game = { ...game, me: null, myHand: [], events: game.events.map((e) => (e.type === 'suggestion' ? { ...e, shown: null } : e)) };
  const width = game.players.length + 2;
  const all = enumerateDeals(shapeOfGame(pub), (deal) => dealSatisfiesGame(pub, deal)).deals;
  const judged: Uint32Array[] = [];
  const table: Uint32Array[] = [];
  for (let i = 0; i < all.length; i += width) {
    const deal = all.subarray(i, i + width);
    table.push(deal);
    if ((deal[me] & shown) === shown) judged.push(deal);
  }
  const envelopeOf = (deal: Uint32Array) => deal[game.players.length];
  const envelopes = (deals: Uint32Array[]) => {
    const m = new Map<number, number>();
    for (const d of deals) m.set(envelopeOf(d), (m.get(envelopeOf(d)) ?? 0) + 1);
    return m;
  };
  const before = entropy(envelopes(judged));
  const held = cards.filter((c) => game.myHand.includes(c));
  const options = held.map((card) => {
    const holding = judged.filter((d) => bit(d[me], card));
    const chance = holding.length / judged.length;
    return { card, chance, bits: -Math.log2(chance), envelopeBits: before - entropy(envelopes(holding)) };
  });
  const named = cards.reduce((m, c) => m | (1 << c), 0);
  const tableBits = -Math.log2(table.filter((d) => (d[me] & named) !== 0).length / table.length);
  return { options, tableBits };
}

describe('refutation advice', () => {
  it('equals the exhaustive count at every refutation of seat 0 in 200 games, and ranks the card that gives away least first', () => {
    let checked = 0;
    let differing = 0;
    for (let g = 0; g < 200; g++) {
      const agents: SyncAgent[] = [0, 1, 2].map((s) => createAgent(parseAgentSpec(s === 0 ? 'deductive' : 'deductive:suggest=any'), new Random(3, g, s), core));
      const inner = agents[0];
      agents[0] = {
        ...inner,
        refute(view, suggester, held, suggested) {
          if (held.length > 1) {
            const game = { ...view.game(), events: view.eventsAsSeen() };
            const advice = refutationAdvice(game, { suggester, cards: suggested }, { core });
            const truth = oracle(game, suggester, [...suggested]);
            expect(advice.options.map((o) => o.card).sort()).toEqual([...held].sort());
            for (const o of advice.options) {
              const t = truth.options.find((x) => x.card === o.card)!;
              expect(o.chance).toBeCloseTo(t.chance, 10);
              expect(o.bits).toBeCloseTo(t.bits, 9);
              expect(o.envelopeBits).toBeCloseTo(t.envelopeBits, 9);
              expect(o.shownBefore).toBe(bit(view.showedTo(suggester), o.card));
            }
            expect(advice.tableBits).toBeCloseTo(truth.tableBits, 9);
            for (let i = 1; i < advice.options.length; i++) expect(advice.options[i].bits).toBeGreaterThanOrEqual(advice.options[i - 1].bits);
            checked++;
            if (Math.abs(advice.options[0].bits - advice.options.at(-1)!.bits) > 1e-9) differing++;
          }
          return inner.refute(view, suggester, held, suggested);
        },
      };
      playGame(SPEC, agents, new Random(3, g));
      agents.forEach((a) => a.dispose?.());
    }
    expect(checked).toBeGreaterThan(40);
    expect(differing).toBeGreaterThan(10);
  });

  it('takes a game log; says why it cannot advise', () => {
    let log: unknown = null;
    const agents = [0, 1, 2].map((s) => createAgent(parseAgentSpec('deductive'), new Random(4, s), core));
    const played = playGame(SPEC, agents, new Random(4));
    const won = gameToLog(played.views[0].game());
    // Advice is for a game that goes on: the played game up to its winning accusation.
    log = { ...won, events: won.events!.filter((e) => !(e.type === 'accusation' && e.correct)) };
    const view = played.views[0];
    const mine = view.myHand[0];
    const byCategory = DECK.categories.map((_, g) => (DECK.categoryOf[mine] === g ? mine : DECK.cards.findIndex((_, c) => DECK.categoryOf[c] === g && !view.myHand.includes(c))));
    const advice = refutationAdvice(log as never, { suggester: 1, cards: byCategory }, { core });
    expect(advice.options.map((o) => o.card)).toEqual(byCategory.filter((c) => view.myHand.includes(c)));
    expect(() => refutationAdvice(log as never, { suggester: 0, cards: byCategory }, { core })).toThrow(/nobody shows a card to themselves/);
    expect(() => refutationAdvice(log as never, { suggester: 5, cards: byCategory }, { core })).toThrow(/^the suggester: player 5 is not one of the 3 \(an index from 0 to 2, or a name\)$/);
    expect(() => refutationAdvice(log as never, { suggester: 1, cards: byCategory.slice(0, 2) }, { core })).toThrow(/one card of each category/);
    const none = DECK.categories.map((_, g) => DECK.cards.findIndex((_, c) => DECK.categoryOf[c] === g && !view.myHand.includes(c)));
    expect(() => refutationAdvice(log as never, { suggester: 1, cards: none }, { core })).toThrow(InputError);
    expect(() => refutationAdvice(log as never, { suggester: 1, cards: none }, { core })).toThrow(/nothing to show/);
    expect(won.events!.some((e) => e.type === 'accusation' && e.correct)).toBe(true);
    expect(() => refutationAdvice(won, { suggester: 1, cards: byCategory }, { core })).toThrow(/^the game is over: .* won, accusing .* correctly at event \d+$/);
  });

  it('takes the suggester and the cards by name as well as by index: the same advice', () => {
    const game = parseGame(JSON.parse(readFileSync('examples/classic-6p-late.json', 'utf8')));
    const me = game.me!;
    for (let suggester = 0; suggester < game.players.length; suggester++) {
      if (suggester === me) continue;
      // One card of the observer's hand, the other categories' first cards it does not hold.
      const mine = game.myHand[suggester % game.myHand.length];
      const cards = game.deck.categories.map((_, g) => (game.deck.categoryOf[mine] === g ? mine : game.deck.cards.findIndex((_, c) => game.deck.categoryOf[c] === g && !game.myHand.includes(c))));
      const byIndex = refutationAdvice(game, { suggester, cards }, { core });
      expect(refutationAdvice(game, { suggester: game.players[suggester], cards: cards.map((c) => game.deck.cards[c]) }, { core })).toEqual(byIndex);
      // Names mixed with indices, and matched as a log's names are (lower case).
      expect(refutationAdvice(game, { suggester: game.players[suggester].toLowerCase(), cards: [cards[0], game.deck.cards[cards[1]].toLowerCase(), cards[2]] }, { core })).toEqual(byIndex);
    }
    expect(() => refutationAdvice(game, { suggester: 'Nobody', cards: [0, 6, 12] }, { core })).toThrow(/^the suggester: unknown player "Nobody"/);
    expect(() => refutationAdvice(game, { suggester: me === 0 ? 1 : 0, cards: ['Scarlett', 6, 12] }, { core })).toThrow(/^the suggestion: unknown card "Scarlett"; did you mean "Miss Scarlet"\?$/);
  });
});

describe('refutation advice on the examples', () => {
  // The envelope counts before the split passes: two passes over the DAG per combination.
  const odometer = KnowledgeCore.create();
  odometer.setEnvelopeMethod('odometer');
  const auto = KnowledgeCore.create();

  it.each(['classic-6p-early', 'classic-5p-mid', 'classic-6p-late', 'classic-4p-faceup'])('%s: every suggester, every suggestion naming one or more of the cards held, the same advice as with the odometer', (name) => {
    const game = parseGame(JSON.parse(readFileSync(`examples/${name}.json`, 'utf8')));
    const { deck } = game;
    const me = game.me!;
    const notHeld = deck.categories.map((_, g) => deck.cards.findIndex((_, c) => deck.categoryOf[c] === g && !game.myHand.includes(c)));
    let compared = 0;
    for (let suggester = 0; suggester < game.players.length; suggester++) {
      if (suggester === me) continue;
      // Every subset of the held cards (one per category), the other categories not held.
      for (let subset = 1; subset < 1 << deck.categories.length; subset++) {
        const cards = deck.categories.map((_, g) => ((subset >> g) & 1 ? game.myHand.find((c) => deck.categoryOf[c] === g) : notHeld[g]));
        if (cards.some((c) => c === undefined)) continue;
        const request = { suggester, cards: cards as number[] };
        const want = refutationAdvice(game, request, { core: odometer });
        expect(refutationAdvice(game, request, { core: auto }), `seat ${suggester}, ${cards.map((c) => deck.cards[c!]).join(', ')}`).toEqual(want);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(0);
  });
});

describe('cluedo refute', () => {
  const LOG = 'examples/classic-6p-late.json';
  it('prints what the library computes, names resolved as in a log', async () => {
    const r = await cluedo(['refute', LOG, '--by', 'p3', '--cards', 'scarlet,pipe,billiard', '--json']);
    expect(r.status, r.stderr).toBe(0);
    const game = parseGame(JSON.parse(readFileSync(LOG, 'utf8')));
    const card = (name: string) => game.deck.cards.indexOf(name);
    const expected = refutationAdviceJson(game, refutationAdvice(game, { suggester: 3, cards: [card('Miss Scarlet'), card('Lead Pipe'), card('Billiard Room')] }, { core }));
    expect(JSON.parse(r.stdout)).toEqual(JSON.parse(JSON.stringify(expected)));
    expect(expected.options.map((o) => o.card)).toEqual(['Lead Pipe', 'Billiard Room']);
  });

  it.each([
    [['--by', 'P0', '--cards', 'Scarlet,Pipe,Billiard'], 2, /^cluedo: P0 made the suggestion: nobody shows a card to themselves\n$/],
    [['--by', 'P3', '--cards', 'Scarlet,Knife,Hall'], 2, /^cluedo: P0 holds none of Miss Scarlet, Knife, Hall: there is nothing to show \(pass\)\n$/],
    [['--by', 'P3', '--cards', 'Scarlet,Pipe'], 2, /^cluedo: --cards: cards must name one card of each category, but "rooms" is missing/],
    [['--by', 'Zed', '--cards', 'Scarlet,Pipe,Hall'], 2, /^cluedo: --by: unknown player "Zed"/],
    [['--by', 'P3', '--cards', 'Scarlet,Banana,Hall'], 2, /^cluedo: --cards \(card 2\): unknown card "Banana"/],
    [['--by', 'P3', '--cards', 'Scarlet,,Hall'], 2, /^cluedo: --cards takes names separated by commas/],
    [['--by', 'P3'], 2, /^cluedo: required option '--cards <a,b,c>' not specified/],
  ])('%j: one line, exit %i', async (args, status, message) => {
    const r = await cluedo(['refute', LOG, ...(args as string[])]);
    expect(r.status).toBe(status);
    expect(r.stderr).toMatch(message as RegExp);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stdout).toBe('');
  });
});
