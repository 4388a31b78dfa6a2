// The figures of docs/research/symbolic-epistemic.md, regenerated (`npm run research:symbolic
// [-- --games G] [-- --seed S] [-- --max-nodes N] [-- --endmove-max-nodes N] [-- --parts 1,2,3]`):
// 1. the encoding's sizes: the law's nodes after each event of classic-6p-early and -late (P0's
//    logs) under each placement of the events' fresh variables, one-hot and binary;
// 2. seeded six-player games of deductive agents (the full record: the deal and every shown card),
//    the knowledge structure after every prefix of each game:
//    (a) when each card's place becomes common knowledge among all six seats, C_all has(o, c) at
//        the deal, against when it becomes public (the law alone entails it: the spectator knows);
//    (b) when a seat first knows the envelope (Kenv) against when the public information
//        determines it;
//    (c) in games that announce every turn ended without an accusation (endmove), what each
//        announcement removes from the law and whether a third party (a seat other than the
//        announcer) learns a fact of the deal from it.
// The structure is read directly (game-structure.ts), and one walk serves every card: C_all at
// the deal holds of a fact iff the fact holds throughout the deal's component under the seats'
// relations (the states reachable from the deal by steps each of which keeps one seat's
// observations), so the component is computed once per prefix instead of one fixpoint per card.
// A prefix whose diagrams outgrow --max-nodes is skipped and counted as such (deterministic).
import { parseArgs } from 'node:util';
import { readFileSync } from 'node:fs';
import { CLASSIC_DECK } from '../src/model/deck.js';
import { Random } from '../src/model/random.js';
import { KnowledgeCore } from '../src/knowledge/wasm-core.js';
import { createAgent, parseAgentSpec } from '../src/agents/registry.js';
import { playGame } from '../src/game/play.js';
import type { GameEvent } from '../src/model/events.js';
import type { Game } from '../src/model/game.js';
import { DEFAULT_RULES } from '../src/model/rules.js';
import { ENVELOPE, type Owner } from '../src/model/owners.js';
import { parseGame } from '../src/io/log.js';
import { handSizesOf, type EndmoveRule, type GameSpec } from '../src/game/rules/deal.js';
import { Diagrams, DiagramsTooLargeError, FALSE, type Bdd } from '../src/epistemic/symbolic/bdd.js';
import { buildGameStructure, type ChoiceEncoding, type Placement } from '../src/epistemic/symbolic/game-structure.js';
import { SymbolicEngine } from '../src/epistemic/symbolic/engine.js';
import { C, has, Kenv } from '../src/epistemic/language/formula.js';

const { values: args } = parseArgs({
  options: {
    games: { type: 'string', default: '1' },
    seed: { type: 'string', default: '1' },
    'max-nodes': { type: 'string', default: '1500000' },
    /** The bound of the endmove games' prefixes: their announcements are evaluated at every build, the component is not walked. */
    'endmove-max-nodes': { type: 'string', default: '20000000' },
    /** The parts to run, of 1 (sizes), 2 (common knowledge, the envelope), 3 (endmove). */
    parts: { type: 'string', default: '1,2,3' },
  },
});
const GAMES = Number(args.games);
const SEED = Number(args.seed);
const MAX_NODES = Number(args['max-nodes']);
const ENDMOVE_MAX_NODES = Number(args['endmove-max-nodes']);
const PARTS = new Set(args.parts!.split(',').map(Number));
/** The bound of the sizes' table: the two examples under every placement. */
const SIZES_MAX_NODES = 4_000_000;
const PLAYERS = ['P0', 'P1', 'P2', 'P3', 'P4', 'P5'];
const SEATS = PLAYERS.map((_, s) => s);
const core = KnowledgeCore.create();

// ---- Seeded games, as full records ---------------------------------------------------------------
/** Game `g` of run `seed` between six deductive agents (accusing as soon as they know, so every endmove is true). */
function fullRecord(seed: number, g: number, endmove: EndmoveRule): Game {
  const spec: GameSpec = { deck: CLASSIC_DECK, players: PLAYERS, maxTurns: 300, endmove };
  const agents = PLAYERS.map((_, s) => createAgent(parseAgentSpec('deductive'), new Random(seed, g, 1 + s), core));
  const events: GameEvent[] = [];
  const { final } = playGame(spec, agents, new Random(seed, g), { onStep: (step) => events.push(...step.events) });
  const { envelope, hands } = final.deal!;
  const deal = CLASSIC_DECK.cards.map((_, c) => (envelope.includes(c) ? ENVELOPE : hands.findIndex((h) => (h >>> c) & 1)));
  return { deck: CLASSIC_DECK, players: PLAYERS, handSizes: handSizesOf(spec), faceUp: [], me: null, myHand: [], events, rules: DEFAULT_RULES, deal };
}

// ---- What the structure after a prefix says --------------------------------------------------------
interface Prefix {
  /** Worlds of the law (states over V). */
  worlds: bigint;
  lawNodes: number;
  /** Per card: whether its place is public (the law entails it), common knowledge among all seats at the deal (not computed with `facts`). */
  publicCard: boolean[];
  commonCard: boolean[];
  /** Per seat: whether it knows the envelope at the deal; the facts has(o, c) it knows there, as "o:c" (only with `facts`). */
  kenv: boolean[];
  known: Array<Set<string>>;
  /** Whether the law alone determines the envelope. */
  publicEnvelope: boolean;
}

const OWNERS: Owner[] = [...SEATS, ENVELOPE];

function prefix(game: Game, count: number, facts: boolean): Prefix | null {
  const d = new Diagrams({ maxNodes: facts ? ENDMOVE_MAX_NODES : MAX_NODES });
  try {
    const { structure, atoms, point } = buildGameStructure(d, game, count);
    const { law, variables, observed } = structure;
    const cards = CLASSIC_DECK.cards.map((_, c) => c);
    const fact = (o: Owner, c: number) => atoms.has(o, c);
    const entails = (states: Bdd, f: Bdd) => d.and(states, d.not(f)) === FALSE;
    const at = (vars: readonly number[]) => d.andAll(vars.map((v) => (point!.get(v) ? d.variable(v) : d.nvariable(v))));
    // Each seat's states alike to the deal, and the cube of what it does not observe.
    const alike = SEATS.map((a) => d.protect(d.and(law, at(observed[a]))));
    const unobserved = SEATS.map((a) => {
      const seen = new Set(observed[a]);
      return d.protect(d.cube(variables.filter((v) => !seen.has(v))));
    });
    // The deal's component (for C_all; not with `facts`): every state one seat's step away from it, until nothing is added.
    let component = d.protect(at(variables));
    for (; !facts; ) {
      let next = component;
      for (const a of SEATS) next = d.or(next, d.and(law, d.exists(component, unobserved[a])));
      if (next === component) break;
      d.unprotect(component);
      component = d.protect(next);
      d.collect();
    }
    const owner = (c: number) => game.deal![c] as Owner;
    const known = !facts ? [] : SEATS.map((a) => new Set(OWNERS.flatMap((o) => cards.filter((c) => entails(alike[a], fact(o, c))).map((c) => `${o}:${c}`))));
    const envelopeKnown = (states: Bdd) => CLASSIC_DECK.categories.every((_, g) => cards.some((c) => CLASSIC_DECK.categoryOf[c] === g && entails(states, fact(ENVELOPE, c))));
    return {
      worlds: d.count(law, variables),
      lawNodes: d.size(law),
      publicCard: cards.map((c) => entails(law, fact(owner(c), c))),
      commonCard: facts ? [] : cards.map((c) => entails(component, fact(owner(c), c))),
      kenv: SEATS.map((a) => envelopeKnown(alike[a])),
      known,
      publicEnvelope: envelopeKnown(law),
    };
  } catch (e) {
    if (e instanceof DiagramsTooLargeError) return null;
    throw e;
  } finally {
    d.dispose();
    process.stderr.write('.');
  }
}

/** The component's C_all and the alike states' Kenv, checked against the engine's own operators (its greatest fixpoint) at a prefix. */
function checkAgainstEngine(game: Game, count: number, p: Prefix | null): void {
  if (p === null) return;
  const engine = new SymbolicEngine(game, count, { maxNodes: MAX_NODES });
  try {
    CLASSIC_DECK.cards.forEach((_, c) => {
      if (engine.value(C(SEATS, has(game.deal![c] as Owner, c))) !== p.commonCard[c]) throw new Error(`C_all of card ${c} at ${count}: the component and the engine disagree`);
    });
    SEATS.forEach((a) => {
      if (engine.value(Kenv(a)) !== p.kenv[a]) throw new Error(`Kenv[P${a}] at ${count}: the script and the engine disagree`);
    });
  } finally {
    engine.dispose();
  }
}

// ---- Statistics ------------------------------------------------------------------------------------
function meanSe(xs: number[]): string {
  if (xs.length === 0) return 'none';
  const m = xs.reduce((a, b) => a + b, 0) / xs.length;
  if (xs.length < 2) return `${m.toFixed(2)} (n = 1)`;
  const v = xs.reduce((a, b) => a + (b - m) ** 2, 0) / (xs.length - 1);
  return `${m.toFixed(2)} ± ${Math.sqrt(v / xs.length).toFixed(2)} (n = ${xs.length})`;
}
const share = (k: number, n: number) => `${k}/${n} = ${n ? (k / n).toFixed(3) : '-'} ± ${n ? Math.sqrt((k / n) * (1 - k / n) / n).toFixed(3) : '-'}`;

// ---- 1. Sizes under each placement -------------------------------------------------------------------
function sizes(): void {
  console.log(`1. The law's nodes after each event (P0's logs), by placement of the fresh variables (at most ${SIZES_MAX_NODES} nodes)`);
  for (const name of ['classic-6p-early', 'classic-6p-late']) {
    const game = parseGame(JSON.parse(readFileSync(new URL(`../examples/${name}.json`, import.meta.url), 'utf8')));
    // One-hot choice variables at each placement, then binary ones (a block: beside is below for them).
    const variants: Array<[ChoiceEncoding, Placement]> = [['one-hot', 'bottom'], ['one-hot', 'below'], ['one-hot', 'above'], ['one-hot', 'beside'], ['binary', 'below'], ['binary', 'above']];
    for (const [choices, placement] of variants) {
      const label = `${choices === 'binary' ? 'binary ' : ''}${placement}`.padEnd(13);
      const d = new Diagrams({ maxNodes: SIZES_MAX_NODES });
      try {
        const t = performance.now();
        const s = buildGameStructure(d, game, game.events.length, { placement, choices, sizes: true });
        const peak = d.stats().peakNodes;
        console.log(`  ${name} ${label} built in ${((performance.now() - t) / 1000).toFixed(2)} s, peak ${peak} nodes: ${s.lawNodesAfterEvent.join(' ')}`);
      } catch (e) {
        if (!(e instanceof DiagramsTooLargeError)) throw e;
        console.log(`  ${name} ${label} over ${SIZES_MAX_NODES} nodes`);
      } finally {
        d.dispose();
      }
    }
  }
}

// ---- 2. Common knowledge and public knowledge; who knows the envelope first --------------------------
/** The first prefix at which each flag holds (every flag stays true once true: the updates only refine), or null. */
function firsts(prefixes: Array<Prefix | null>, flag: (p: Prefix) => boolean[]): Array<number | null> {
  const n = flag(prefixes.at(-1)!).length;
  return Array.from({ length: n }, (_, i) => {
    const k = prefixes.findIndex((p) => p !== null && flag(p)[i]);
    return k < 0 ? null : k;
  });
}

function commonAndPublic(): void {
  console.log(`\n2. ${GAMES} games of six deductive agents (run seed ${SEED}, games 0-${GAMES - 1}), no endmove; the structure after every prefix`);
  const lead: number[] = [];
  const leadFraction: number[] = [];
  let commonFirst = 0;
  let cards = 0;
  let commonNeverPublic = 0;
  const envLead: number[] = [];
  let envBefore = 0;
  let skipped = 0;
  let prefixes = 0;
  const lawPeak: number[] = [];
  for (let g = 0; g < GAMES; g++) {
    const game = fullRecord(SEED, g, 'never');
    // Up to the last suggestion: the accusation that ends the game publishes the envelope.
    let last = game.events.length;
    while (last > 0 && game.events[last - 1].type === 'accusation') last--;
    const ps = Array.from({ length: last + 1 }, (_, k) => prefix(game, k, false));
    prefixes += ps.length;
    skipped += ps.filter((p) => p === null).length;
    lawPeak.push(Math.max(...ps.map((p) => p?.lawNodes ?? 0)));
    checkAgainstEngine(game, last, ps[last]);
    const pub = firsts(ps, (p) => p.publicCard);
    const com = firsts(ps, (p) => p.commonCard);
    for (let c = 0; c < pub.length; c++) {
      if (com[c] === null) continue;
      cards++;
      const p = pub[c] ?? last + 1; // never public before the accusation: public at it
      if (com[c]! < p) commonFirst++;
      if (pub[c] === null) commonNeverPublic++;
      lead.push(p - com[c]!);
      leadFraction.push(com[c]! / last);
    }
    const kenv = firsts(ps, (p) => p.kenv).filter((k): k is number => k !== null);
    const publicEnv = ps.findIndex((p) => p?.publicEnvelope) >= 0 ? ps.findIndex((p) => p?.publicEnvelope) : last + 1;
    if (kenv.length > 0) {
      const first = Math.min(...kenv);
      if (first < publicEnv) envBefore++;
      envLead.push(publicEnv - first);
    }
    console.log(`  game ${g}: ${game.events.length} events, law at most ${lawPeak.at(-1)} nodes; first Kenv at ${kenv.length ? Math.min(...kenv) : 'never'}, envelope public at ${publicEnv}${ps.some((p) => p === null) ? `, ${ps.filter((p) => p === null).length} prefixes over the node bound` : ''}`);
  }
  console.log(`  (a) cards whose place became common knowledge among all six before the game's end: ${cards}`);
  console.log(`      common knowledge strictly before public: ${share(commonFirst, cards)}; common but never public before the accusation: ${commonNeverPublic}`);
  console.log(`      events by which common knowledge precedes publicity: ${meanSe(lead)}; when it arrives, as a fraction of the game: ${meanSe(leadFraction)}`);
  console.log(`  (b) games in which a seat knows the envelope before the public information determines it: ${share(envBefore, envLead.length)}`);
  console.log(`      events before: ${meanSe(envLead)}`);
  console.log(`  prefixes: ${prefixes}, over ${MAX_NODES} nodes (skipped): ${skipped}`);
}

// ---- 3. Endmove announcements ------------------------------------------------------------------------
function endmoves(): void {
  const games = Math.max(1, Math.round(GAMES / 3));
  console.log(`\n3. ${games} games of six deductive agents (run seed ${SEED}, games 0-${games - 1}) announcing every turn ended without an accusation`);
  let announcements = 0;
  let removing = 0;
  const removedShare: number[] = [];
  let thirdParties = 0;
  let learning = 0;
  let announcementsTeaching = 0;
  let skipped = 0;
  for (let g = 0; g < games; g++) {
    const game = fullRecord(SEED, g, 'always');
    let before = prefix(game, 0, true);
    for (let k = 1; k <= game.events.length; k++) {
      const after = prefix(game, k, true);
      const e = game.events[k - 1];
      if (e.type === 'endmove') {
        if (before === null || after === null) skipped++;
        else {
          announcements++;
          if (after.worlds < before.worlds) removing++;
          removedShare.push(Number(before.worlds - after.worlds) / Number(before.worlds));
          let taught = false;
          for (const a of SEATS) {
            if (a === e.by) continue;
            thirdParties++;
            const learned = [...after.known[a]].some((f) => !before!.known[a].has(f));
            if (learned) (learning++, (taught = true));
          }
          if (taught) announcementsTeaching++;
        }
      }
      before = after;
    }
  }
  console.log(`  endmove announcements: ${announcements} (${skipped} skipped, over ${ENDMOVE_MAX_NODES} nodes)`);
  console.log(`  that remove worlds: ${share(removing, announcements)}; share of the law's worlds removed: ${meanSe(removedShare)}`);
  console.log(`  third parties (every seat but the announcer) who learn a fact has(o, c) from it: ${share(learning, thirdParties)}`);
  console.log(`  announcements that teach some third party a fact: ${share(announcementsTeaching, announcements)}`);
}

const started = performance.now();
if (PARTS.has(1)) sizes();
if (PARTS.has(2)) commonAndPublic();
if (PARTS.has(3)) endmoves();
console.log(`\n${((performance.now() - started) / 1000).toFixed(0)} s`);
