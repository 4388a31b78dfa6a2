/**
 * Every command of `cluedo` run in this process (test/support/run-in-process.ts): the program
 * the installed command line runs, on an argument list, its output and exit code captured. Each
 * command's main paths against the library or the examples' answers, and its refusals: one line,
 * the culprit named, exit 2 for the command line, 1 for the input. The fast tier's test of the
 * command line; the built one, in child processes, is tested by the *.slow.test.ts files.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { analyze } from '../src/analysis/analyze.js';
import { explain } from '../src/analysis/explain.js';
import { analysisJson, explanationJson, refutationAdviceJson } from '../src/analysis/json.js';
import { accusationAdvice } from '../src/analysis/accuse-advice.js';
import { refutationAdvice } from '../src/analysis/refute-advice.js';
import { KnowledgeCore } from '../src/knowledge/wasm-core.js';
import { parseGame } from '../src/io/log.js';
import { toJson } from '../src/io/json.js';
import { COMMAND_NAMES } from '../src/cli/command-names.js';
import { ROOMS, ROOM_NAMES } from '../src/game/board/classic.js';
import { reachable, roomDistance } from '../src/game/board/paths.js';
import { runInProcess as cluedo } from './support/run-in-process.js';
import type { CliResult } from './support/cluedo-cli.js';
import { DECISION_TIME_TITLE } from '../src/tournament/text-report.js';
import { jsonWithoutTiming, withoutDecisionTimes } from './support/timing.js';
import { ok, refused } from './support/cli-expect.js';

const dir = mkdtempSync(join(tmpdir(), 'cluedo-in-process-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const readJson = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));
const gameOf = (file: string) => parseGame(readJson(file));
/** The value as the command line's JSON reads back (no undefined; big counts as numbers). */
const roundTrip = (value: unknown): unknown => JSON.parse(toJson(value));

describe('the program', () => {
  it('--help lists every command, in the order of COMMAND_NAMES; --version prints the package version', async () => {
    const help = ok(await cluedo(['--help']));
    const listed = [...help.stdout.matchAll(/^ {2}([a-z]+) /gm)].map((m) => m[1]).filter((name) => name !== 'help');
    expect(listed).toEqual([...COMMAND_NAMES]);
    expect(ok(await cluedo(['--version'])).stdout).toBe(`${(readJson('package.json') as { version: string }).version}\n`);
  });

  it('a name that is no command: one line with the nearest name, exit 2; so is `help` of it', async () => {
    refused(await cluedo(['analyse', 'x.json']), 2, /unknown command "analyse"; did you mean "analyze"\?/);
    refused(await cluedo(['help', 'analyse']), 2, /unknown command "analyse"; did you mean "analyze"\?/);
  });

  it('a run leaves nothing behind on the process: its exit code, its signal listeners', async () => {
    const before = process.listenerCount('SIGINT');
    refused(await cluedo(['analyze', join(dir, 'missing.json')]), 1, /missing\.json/);
    ok(await cluedo(['analyze', 'examples/custom-deck-3p.json']));
    expect(process.exitCode).toBeUndefined();
    expect(process.listenerCount('SIGINT')).toBe(before);
  });
});

describe('cluedo analyze', () => {
  it.each(['classic-4p-faceup', 'custom-deck-3p', 'classic-3p-spectator'])('--json of %s: the answer of examples/*.expected.json (another counter)', async (name) => {
    const got = JSON.parse(ok(await cluedo(['analyze', `examples/${name}.json`, '--json'])).stdout) as { consistentDeals: number; cards: Record<string, Record<string, number>> };
    const want = readJson(`examples/${name}.expected.json`) as typeof got;
    expect(got.consistentDeals).toBe(want.consistentDeals);
    for (const [card, owners] of Object.entries(want.cards)) for (const [owner, p] of Object.entries(owners)) expect(got.cards[card][owner]).toBeCloseTo(p, 12);
  });

  it('the notebook names the log, its players and its deal count', async () => {
    const r = ok(await cluedo(['analyze', 'examples/classic-4p-faceup.json']));
    const want = readJson('examples/classic-4p-faceup.expected.json') as { consistentDeals: number };
    expect(r.stdout).toContain('examples/classic-4p-faceup.json');
    expect(r.stdout).toContain(`Consistent deals: ${want.consistentDeals} (exact)`);
  });

  it('--samples --seed: the library estimate, the same bytes twice', async () => {
    const args = ['analyze', 'examples/classic-6p-early.json', '--samples', '3000', '--seed', '4', '--json'];
    const r = ok(await cluedo(args));
    const game = gameOf('examples/classic-6p-early.json');
    expect(JSON.parse(r.stdout)).toEqual(roundTrip(analysisJson(game, analyze(game, { method: 'sampled', samples: 3000, seed: 4 }))));
    expect((await cluedo(args)).stdout).toBe(r.stdout);
  });

  it('--why: the library explanation of a certain card', async () => {
    const file = 'examples/classic-4p-faceup.json';
    const game = gameOf(file);
    const certain = analyze(game).known[0];
    expect(certain).toBeDefined();
    const name = game.deck.cards[certain.card];
    const r = ok(await cluedo(['analyze', file, '--why', name, '--json']));
    expect(JSON.parse(r.stdout)).toEqual(roundTrip(explanationJson(game, explain(game, { card: certain.card }))));
  });

  it.each([
    [['--samples', '0'], 2, /--samples must be a whole number/],
    [['--method', 'exact', '--samples', '10'], 2, /--samples .* --method exact/],
    [['--method', 'guess'], 2, /--method.*guess/],
    [['--why', 'Banana'], 2, /--why: unknown card "Banana"/],
    [['--threads', '2'], 2, /--threads/],
    [['--rational', '--method', 'exact'], 2, /--method/],
    [['--bogus'], 2, /unknown option "--bogus"/],
  ])('analyze %j: one line, exit %i', async (args, status, culprit) => {
    refused(await cluedo(['analyze', 'examples/classic-4p-faceup.json', ...(args as string[])]), status as number, culprit as RegExp);
  });

  it('bad input files: one line naming the file, exit 1', async () => {
    const notJson = join(dir, 'not-json.json');
    writeFileSync(notJson, '{ "players": [');
    refused(await cluedo(['analyze', notJson]), 1, /not-json\.json/);
    const badKey = join(dir, 'bad-key.json');
    writeFileSync(badKey, JSON.stringify({ players: ['A', 'B', 'C'], me: 'A', myHand: [], evnts: [] }));
    refused(await cluedo(['analyze', badKey]), 1, /unknown key "evnts"; did you mean "events"\?/);
    refused(await cluedo(['analyze', join(dir, 'none.json')]), 1, /cannot read game log ".*none\.json": no such file/);
    refused(await cluedo(['analyze']), 2, /missing required argument/);
  });
});

describe('cluedo new and cluedo add', () => {
  const file = join(dir, 'game.json');

  it('writes a log a step at a time, names completed; each step counted as analyze counts it', async () => {
    const started = ok(await cluedo(['new', file, '--players', 'Ann,Bob,Cat,Dan', '--me', 'ann', '--hand', 'scarlet,knife,kitchen,hall,plum']));
    expect(started.stdout).toBe(`${file}: 4 players, you are Ann holding Miss Scarlet, Knife, Kitchen, Hall, Professor Plum\n`);
    const byHand = { players: ['Ann', 'Bob', 'Cat', 'Dan'], me: 'Ann', myHand: ['Miss Scarlet', 'Knife', 'Kitchen', 'Hall', 'Professor Plum'], events: [] as unknown[] };
    const steps: [string[], unknown][] = [
      [['--by', 'Bob', '--cards', 'Plum,Rope,Hall', '--passed', 'Cat', '--shown-by', 'Dan'], { type: 'suggestion', by: 'Bob', cards: ['Professor Plum', 'Rope', 'Hall'], shownBy: 'Dan' }],
      [['--by', 'ann', '--cards', 'green,wrench,study', '--shown-by', 'bob', '--shown', 'wrench'], { type: 'suggestion', by: 'Ann', cards: ['Mr. Green', 'Wrench', 'Study'], shownBy: 'Bob', shown: 'Wrench' }],
      [['--by', 'Dan', '--cards', 'Mustard,Rope,Lounge', '--accusation'], { type: 'accusation', by: 'Dan', cards: ['Colonel Mustard', 'Rope', 'Lounge'], correct: false }],
    ];
    const counted = (log: unknown) => {
      const game = parseGame(log);
      return analysisJson(game, analyze(game)).cards;
    };
    for (const [args, event] of steps) {
      const r = ok(await cluedo(['add', file, ...args]));
      byHand.events.push(event);
      expect(r.stdout.startsWith(`${file}: event ${byHand.events.length}: `)).toBe(true);
      expect(counted(readJson(file))).toEqual(counted(byHand));
    }
  });

  it.each([
    [['--by', 'Bob', '--cards', 'Plum,Banana,Hall', '--shown-by', 'Dan'], 2, /--cards: unknown card "Banana"/],
    [['--by', 'Bob', '--cards', 'Plum,Rope,Hall'], 2, /a suggestion needs --shown-by PLAYER/],
    [['--by', 'Bob', '--cards', 'Plum,Rope,Hall', '--shown-by', 'Dan', '--passed', 'Ann'], 2, /--passed says Ann/],
    [['--by', 'Bob', '--cards', 'Plum,Rope,Hall', '--accusation', '--shown-by', 'Dan'], 2, /--shown-by is for a suggestion/],
  ])('add %j: one line, exit %i, the file unchanged', async (args, status, culprit) => {
    const before = readFileSync(file, 'utf8');
    refused(await cluedo(['add', file, ...(args as string[])]), status as number, culprit as RegExp);
    expect(readFileSync(file, 'utf8')).toBe(before);
  });

  it('new refuses to replace a log without --force, an unknown observer, and a missing option (not at a terminal)', async () => {
    refused(await cluedo(['new', file, '--players', 'Ann,Bob', '--me', 'Ann', '--hand', 'Scarlet']), 1, /exists/);
    const other = join(dir, 'other.json');
    refused(await cluedo(['new', other, '--players', 'Ann,Bob,Cat', '--me', 'Zed', '--hand', 'Scarlet']), 2, /unknown player "Zed"/);
    refused(await cluedo(['new', other, '--players', 'Ann,Bob,Cat']), 2, /--me/);
  });
});

describe('cluedo suggest', () => {
  it('--json --top 5: best first by expected information, the same bytes for the same seed; --threads 1 and 2 agree', async () => {
    const args = ['suggest', 'examples/classic-6p-late.json', '--json', '--top', '5', '--samples', '2000', '--seed', '3'];
    const one = ok(await cluedo([...args, '--threads', '1']));
    const got = JSON.parse(one.stdout) as { suggestions: { cards: string[]; expectedInformationBits: number }[] };
    expect(got.suggestions).toHaveLength(5);
    for (let i = 1; i < 5; i++) expect(got.suggestions[i].expectedInformationBits).toBeLessThanOrEqual(got.suggestions[i - 1].expectedInformationBits);
    expect((await cluedo([...args, '--threads', '2'])).stdout).toBe(one.stdout);
  });

  it('a spectator log is refused: exit 1, one line', async () => {
    refused(await cluedo(['suggest', 'examples/classic-3p-spectator.json']), 1, /observer|"me"/);
    refused(await cluedo(['suggest', 'examples/classic-6p-late.json', '--top', 'x']), 2, /--top must be a whole number/);
  });
});

describe('cluedo refute', () => {
  const LOG = 'examples/classic-6p-late.json';
  it('prints what the library computes, names resolved as in a log', async () => {
    const r = ok(await cluedo(['refute', LOG, '--by', 'p3', '--cards', 'scarlet,pipe,billiard', '--json']));
    const game = gameOf(LOG);
    const card = (name: string) => game.deck.cards.indexOf(name);
    const core = KnowledgeCore.create();
    const want = refutationAdviceJson(game, refutationAdvice(game, { suggester: 3, cards: [card('Miss Scarlet'), card('Lead Pipe'), card('Billiard Room')] }, { core }));
    expect(JSON.parse(r.stdout)).toEqual(roundTrip(want));
  });

  it.each([
    [['--by', 'P0', '--cards', 'Scarlet,Pipe,Billiard'], 2, /nobody shows a card to themselves/],
    [['--by', 'Zed', '--cards', 'Scarlet,Pipe,Hall'], 2, /--by: unknown player "Zed"/],
    [['--by', 'P3'], 2, /required option '--cards <a,b,c>' not specified/],
  ])('refute %j: one line, exit %i', async (args, status, culprit) => {
    refused(await cluedo(['refute', LOG, ...(args as string[])]), status as number, culprit as RegExp);
  });
});

describe('cluedo accuse', () => {
  it('prints what the library computes', async () => {
    const file = 'examples/classic-5p-mid.json';
    const printed = JSON.parse(ok(await cluedo(['accuse', file, '--json', '--seed', '3'])).stdout) as { solution: string[]; probability: number; accuse: boolean };
    const game = gameOf(file);
    const advice = accusationAdvice(game, { seed: 3 });
    expect(printed.solution).toEqual(advice.solution.map((c) => game.deck.cards[c]));
    expect(printed.probability).toBe(advice.probability);
    expect(printed.accuse).toBe(advice.accuse);
  });

  it('a spectator log: one line, exit 1', async () => {
    refused(await cluedo(['accuse', 'examples/classic-3p-spectator.json']), 1, /^cluedo: accusation advice is for the observer of a log \("me"\); this log has none\n$/);
  });
});

describe('cluedo knows', () => {
  it("an observer's probability of a fact without modalities is analyze's exact answer", async () => {
    const out = JSON.parse(ok(await cluedo(['knows', 'examples/custom-deck-3p.json', 'has(envelope, axe)', 'Kenv[P1]', '--json'])).stdout) as { results: { probability: number }[] };
    const want = (readJson('examples/custom-deck-3p.expected.json') as { cards: Record<string, Record<string, number>> }).cards.axe.envelope;
    expect(out.results[0].probability).toBeCloseTo(want, 12);
    expect(out.results).toHaveLength(2);
  });

  it('a formula that does not parse, an unknown card, a bad --at: one line, exit 2', async () => {
    refused(await cluedo(['knows', 'examples/custom-deck-3p.json', 'K[P1] has(']), 2, /K\[P1\] has\(/);
    refused(await cluedo(['knows', 'examples/custom-deck-3p.json', 'has(envelope, banana)']), 2, /banana/);
    refused(await cluedo(['knows', 'examples/custom-deck-3p.json', 'Kenv[P1]', '--at', '-1']), 2, /--at/);
  });
});

describe('cluedo board', () => {
  it('--json: the distances of the path module; --from --roll: the cells it finds', async () => {
    const out = JSON.parse(ok(await cluedo(['board', '--json'])).stdout) as { rooms: string[]; distances: Record<string, Record<string, number>> };
    expect(out.rooms).toEqual(ROOMS.map((r) => ROOM_NAMES[r]));
    for (const a of ROOMS) for (const b of ROOMS) expect(out.distances[ROOM_NAMES[a]][ROOM_NAMES[b]]).toBe(roomDistance(a, b));
    const r = ok(await cluedo(['board', '--from', '0,6', '--roll', '3']));
    expect(r.stdout).toContain(`${reachable({ x: 0, y: 6 }, 3).cells.length} cells to end on`);
  });

  it('--from without --roll, a roll past 12: one line, exit 2', async () => {
    refused(await cluedo(['board', '--from', 'hall']), 2, /--from goes with --roll/);
    refused(await cluedo(['board', '--from', 'hall', '--roll', '13']), 2, /--roll must be a whole number from 1 to 12/);
  });
});

describe('cluedo simulate, merge and league', () => {
  const summary = (file: string) => JSON.stringify((readJson(file) as { summary: unknown }).summary);

  it('simulate: a summary per agent; shards merged give the summary of the run played at once', async () => {
    const run = ['--agents', 'random,deductive', '--players', '3', '--games', '6', '--seed', '2', '--threads', '1'];
    const whole = ok(await cluedo(['simulate', ...run, '--json', join(dir, 'whole.json')]));
    expect(whole.stdout).toMatch(/^random /m);
    expect(whole.stdout).toMatch(/^deductive /m);
    for (const i of [1, 2]) ok(await cluedo(['simulate', ...run, '--shard', `${i}/2`, '--out', join(dir, `shard-${i}.json`)]));
    ok(await cluedo(['merge', join(dir, 'shard-2.json'), join(dir, 'shard-1.json'), '--json', join(dir, 'merged.json')]));
    expect(summary(join(dir, 'merged.json'))).toBe(summary(join(dir, 'whole.json')));
  });

  it("simulate and merge: the decision times beside the summary, in each output; --no-timing leaves them out, and two runs are then the same bytes", async () => {
    const run = ['--agents', 'random,deductive', '--players', '3', '--games', '6', '--seed', '2', '--threads', '1'];
    const timed = ok(await cluedo(['simulate', ...run, '--json', join(dir, 'timed.json'), '--report', join(dir, 'timed.html')]));
    expect(timed.stdout).toContain(`\n\n${DECISION_TIME_TITLE}\n`);
    expect(timed.stdout).toMatch(/^deductive +[\d,]+ +[\d.,]+ ms +[\d.,]+ ms +[\d.,]+ ms$/m);
    expect(Object.keys(readJson(join(dir, 'timed.json')) as object)).toEqual(['config', 'seed', 'gamesRequested', 'interrupted', 'summary', 'accumulator', 'timing', 'games']);
    expect(readFileSync(join(dir, 'timed.html'), 'utf8')).toContain('<h2>Decision time</h2>');
    const untimed = async (name: string) => {
      const r = ok(await cluedo(['simulate', ...run, '--no-timing', '--json', join(dir, `${name}.json`), '--report', join(dir, `${name}.html`)]));
      return { text: r.stdout.slice(r.stdout.indexOf('\n')), json: readFileSync(join(dir, `${name}.json`), 'utf8'), html: readFileSync(join(dir, `${name}.html`), 'utf8') };
    };
    const [a, b] = [await untimed('a'), await untimed('b')];
    expect(b).toEqual(a);
    expect(a.text).not.toContain('Decision time');
    expect(a.html).not.toContain('Decision time');
    expect(a.json).toBe(jsonWithoutTiming(readFileSync(join(dir, 'timed.json'), 'utf8')));
    expect(a.text).toBe(withoutDecisionTimes(timed.stdout.slice(timed.stdout.indexOf('\n'))));
    // merge too: with the shards' decision times, or without them.
    for (const i of [1, 2]) ok(await cluedo(['simulate', ...run, '--shard', `${i}/2`, '--out', join(dir, `timed-${i}.json`)]));
    const shards = [join(dir, 'timed-1.json'), join(dir, 'timed-2.json')];
    expect(ok(await cluedo(['merge', ...shards])).stdout).toContain(DECISION_TIME_TITLE);
    ok(await cluedo(['merge', ...shards, '--no-timing', '--json', join(dir, 'merged-untimed.json')]));
    expect(readJson(join(dir, 'merged-untimed.json'))).not.toHaveProperty('timing');
  });

  it('simulate and merge refuse bad options and files: one line', async () => {
    refused(await cluedo(['simulate', '--agents', 'randm', '--games', '1']), 2, /--agents: unknown agent "randm"; did you mean "random"\?/);
    refused(await cluedo(['simulate', '--players', '1']), 2, /--players must be a whole number/);
    refused(await cluedo(['merge', join(dir, 'shard-1.json')]), 1, /shard/);
    refused(await cluedo(['merge', 'examples/custom-deck-3p.json']), 1, /custom-deck-3p\.json/);
  });

  it('league: a rated table of the pool; a pool too small for the table is refused', async () => {
    const r = ok(await cluedo(['league', '--agents', 'random,naive,deductive', '--players', '2', '--games', '6', '--seed', '1', '--threads', '1']));
    expect(r.stdout).toMatch(/^Rank {2}Agent/m);
    refused(await cluedo(['league', '--agents', 'naive', '--players', '2']), 2, /--agents names 1 agent for --players 2/);
  });
});

describe('cluedo worker and cluedo serve', () => {
  it('refuse a bad queue address and a bad port before connecting or listening: one line, exit 2', async () => {
    refused(await cluedo(['worker']), 2, /--queue/);
    refused(await cluedo(['worker', '--queue', 'http://localhost:6379']), 2, /redis:\/\//);
    refused(await cluedo(['serve', '--port', '70000']), 2, /--port must be a whole number from 0 to 65,535/);
  });
});
