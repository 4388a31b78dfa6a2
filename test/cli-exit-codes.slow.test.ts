/**
 * One rule of exit codes for every command of the built command line: a value typed on the
 * command line (an option's value or an argument, even one wrong only for the file it names, as a
 * player who is not in the log) exits 2; the contents of a file (a log, a formulas file, a shard
 * file, a certificate) exit 1. Each command is given at least one bad typed value and, when it
 * reads a file, one bad file; every refusal is one line.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { cluedo, MAIN, ROOT } from './support/cluedo-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'cluedo-exit-codes-'));
const at = (name: string) => join(dir, name);
/** A log started with flags: Ann, Bob, Cat and Dan; I am Ann, holding Miss Scarlet, Knife, Kitchen, Hall and Professor Plum. */
const game = at('game.json');
/** A log whose contents are wrong: a misspelt card (a file's mistake, exit 1). */
const typo = 'examples/mistakes/typo.json';
/** A file that is not JSON. */
const broken = at('broken.json');
/** A shard file written without --keep-games: it holds sums, not rows. */
const shard = at('shard.json');

beforeAll(() => {
  const started = cluedo(['new', game, '--players', 'Ann,Bob,Cat,Dan', '--me', 'Ann', '--hand', 'scarlet,knife,kitchen,hall,plum']);
  expect(started.status, started.stderr).toBe(0);
  writeFileSync(broken, '{ "players": [');
  writeFileSync(at('formulas.json'), JSON.stringify([{ id: 'f', formula: 'has(Ann, Banana)' }]));
  const played = cluedo(['simulate', '--players', '3', '--agents', 'random', '--games', '2', '--shard', '1/1', '--out', shard]);
  expect(played.status, played.stderr).toBe(0);
}, 240_000);

/** Every case: the command line, the exit code, and what its one line says. */
const CASES: Array<[string, string[], 1 | 2, RegExp]> = [
  // new: the options are the setup; --deck-of names a file.
  ['new', ['new', at('new-1.json'), '--players', 'Ann,Bob,Cat', '--me', 'Zed', '--hand', 'scarlet'], 2, /unknown player "Zed"/],
  ['new', ['new', at('new-2.json'), '--players', 'Ann,Bob,Cat,Dan', '--me', 'Ann', '--hand', 'scarlet'], 2, /has 1 card, but Ann's hand size is 5/],
  ['new', ['new', at('new-3.json'), '--players', 'Ann', '--me', 'Ann', '--hand', 'scarlet'], 2, /need 2 to 10 players, got 1/],
  ['new', ['new', at('new-4.json'), '--deck-of', broken, '--players', 'Ann,Bob', '--me', 'Ann', '--hand', 'scarlet'], 1, /is not valid JSON/],
  // add: the options are the turn; the log is the file.
  ['add', ['add', game, '--by', 'Bob', '--cards', 'Plum,Banana,Hall', '--shown-by', 'Dan'], 2, /unknown card "Banana"/],
  ['add', ['add', game, '--by', 'Zed', '--cards', 'Plum,Rope,Hall', '--shown-by', 'Dan'], 2, /unknown player "Zed"/],
  ['add', ['add', game, '--by', 'Bob', '--cards', 'Plum,Rope,Hall', '--shown-by', 'Dan', '--passed', 'Ann'], 2, /--passed says Ann, but the answers went past Cat/],
  ['add', ['add', game, '--by', 'Bob', '--cards', 'Plum,Rope,Hall', '--shown-by', 'Ann', '--shown', 'Rope'], 2, /but it is not in your hand/],
  ['add', ['add', broken, '--by', 'Bob', '--cards', 'Plum,Rope,Hall', '--shown-by', 'Dan'], 1, /is not valid JSON/],
  // analyze
  ['analyze', ['analyze', game, '--why', 'pipes'], 2, /--why: unknown card "pipes"; did you mean "Lead Pipe"\?/],
  ['analyze', ['analyze', game, '--why', 'rope'], 2, /--why: Rope has no certain owner yet/],
  ['analyze', ['analyze', 'examples/classic-3p-spectator.json', '--opponents'], 2, /--opponents needs an observer's log/],
  ['analyze', ['analyze', typo], 1, /unknown card "Scarlett"/],
  // suggest
  ['suggest', ['suggest', game, '--top', '0'], 2, /--top must be a whole number/],
  ['suggest', ['suggest', typo], 1, /unknown card "Scarlett"/],
  // refute: --by and --cards are read against the log.
  ['refute', ['refute', game, '--by', 'Bob', '--cards', 'Scarlett,rope,lounge'], 2, /--cards \(card 1\): unknown card "Scarlett"; did you mean "Miss Scarlet"\?/],
  ['refute', ['refute', game, '--by', 'P9', '--cards', 'scarlet,rope,lounge'], 2, /--by: unknown player "P9"/],
  ['refute', ['refute', game, '--by', 'Ann', '--cards', 'scarlet,rope,lounge'], 2, /nobody shows a card to themselves/],
  ['refute', ['refute', game, '--by', 'Bob', '--cards', 'green,rope,lounge'], 2, /holds none of Mr. Green, Rope, Lounge/],
  ['refute', ['refute', game, '--by', 'Bob', '--cards', 'scarlet,rope'], 2, /^cluedo: --cards: cards must name one card of each category, but "rooms" is missing$/m],
  ['refute', ['refute', typo, '--by', 'Bob', '--cards', 'scarlet,rope,lounge'], 1, /unknown card "Scarlett"/],
  ['refute', ['refute', 'examples/classic-3p-spectator.json', '--by', 'P1', '--cards', 'scarlet,rope,lounge'], 1, /this log has none/],
  // accuse
  ['accuse', ['accuse', game, '--samples', '0'], 2, /--samples must be a whole number/],
  ['accuse', ['accuse', typo], 1, /unknown card "Scarlett"/],
  // knows: the formulas typed and --at are read against the log; --formulas names a file.
  ['knows', ['knows', game, 'K[Ann] has(envelope, Banana)'], 2, /unknown card "Banana"/],
  ['knows', ['knows', game, 'K[Zed] has(envelope, Knife)'], 2, /unknown owner "Zed"/],
  ['knows', ['knows', game, '--at', '3', 'K[Ann] has(envelope, Knife)'], 2, /--at 3 is beyond the log, which has 0 events/],
  ['knows', ['knows', game, '--formulas', at('formulas.json')], 1, /unknown card "Banana"/],
  ['knows', ['knows', game, '--formulas', broken], 1, /is not valid JSON/],
  // simulate and league: the agents typed; an agent's module is a file.
  ['simulate', ['simulate', '--agents', 'deductive,entropi'], 2, /--agents: unknown agent "entropi"/],
  ['simulate', ['simulate', '--games', '1', '--agent-module', `x=${broken}`, '--agents', 'x,random'], 1, /--agent-module x/],
  ['league', ['league', '--agents', 'random,naive', '--players', '3'], 2, /--agents names 2 agents for --players 3/],
  ['league', ['league', '--agents', 'random,naive,entropi'], 2, /--agents: unknown agent "entropi"/],
  ['league', ['league', '--games', '1', '--agent-module', `x=${broken}`, '--agents', 'x,random,naive,deductive'], 1, /--agent-module x/],
  // merge: --csv asks the shard files for rows they do not hold; a broken shard file.
  ['merge', ['merge', shard, '--csv', at('rows.csv')], 2, /--csv needs every game's row/],
  ['merge', ['merge', broken], 1, /is not valid JSON/],
  // worker: the queue's address typed; a certificate file that cannot be read.
  ['worker', ['worker', '--queue', 'ftp://x'], 2, /--queue takes redis:\/\/host:port/],
  ['worker', ['worker', '--queue', 'rediss://127.0.0.1:1', '--queue-ca', broken], 1, /--queue-ca .*holds no certificate/],
  // board and serve read no file.
  ['board', ['board', '--from', 'nowhere', '--roll', '6'], 2, /--from: unknown room "nowhere"/],
  ['serve', ['serve', '--port', '70000'], 2, /--port must be a whole number/],
  ['serve', ['serve', '--port', '0', '--host', 'no.such.host.invalid'], 2, /--host "no.such.host.invalid" is no address of this machine/],
];

describe('exit codes: 2 for a value typed on the command line, 1 for the contents of a file', () => {
  it.each(CASES)('cluedo %s: %j exits %i', (_, args, code, message) => {
    const r = cluedo(args);
    expect(r.status, r.stderr).toBe(code);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^cluedo: [^\n]*\n$/);
    expect(r.stderr).toMatch(message);
  });

  it('every command is tried: a bad typed value of each, and a bad file of each that reads one', () => {
    const commands = ['new', 'add', 'analyze', 'suggest', 'refute', 'accuse', 'knows', 'simulate', 'league', 'merge', 'worker', 'board', 'serve'];
    const readsNoFile = ['board', 'serve'];
    for (const command of commands) {
      expect(CASES.some(([c, , code]) => c === command && code === 2), command).toBe(true);
      if (!readsNoFile.includes(command)) expect(CASES.some(([c, , code]) => c === command && code === 1), command).toBe(true);
    }
  });
});

describe('Ctrl-C while the answer is being written', () => {
  it('the answer is written whole, never in part, and the command exits 130', async () => {
    // 32 cards in three categories: 1,200 suggestions, an answer far larger than a pipe holds.
    const deck = { who: Array.from({ length: 10 }, (_, i) => `W${i}`), what: Array.from({ length: 10 }, (_, i) => `X${i}`), where: Array.from({ length: 12 }, (_, i) => `Y${i}`) };
    const players = ['P0', 'P1', 'P2', 'P3'];
    const log = at('large.json');
    writeFileSync(log, JSON.stringify({ deck, players, me: 'P0', myHand: ['W1', 'W2', 'W3', 'X1', 'X2', 'Y1', 'Y2', 'Y3'], events: [] }));
    const child = spawn(process.execPath, [MAIN, 'suggest', log, '--json', '--samples', '2000'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.pause();
    // Nothing is consumed until this side holds more than its buffer: the command is then writing
    // its answer, held by the full pipe (or it ended, and the test fails below).
    await new Promise<void>((resolve) => {
      const full = () => {
        if (child.stdout.readableLength < child.stdout.readableHighWaterMark && !child.stdout.readableEnded) {
          child.stdout.read(0);
          return;
        }
        child.stdout.off('readable', full);
        resolve();
      };
      child.stdout.on('readable', full);
      child.stdout.once('end', full);
    });
    child.kill('SIGINT');
    const chunks: Buffer[] = [];
    child.stdout.on('data', (d: Buffer) => chunks.push(d));
    child.stdout.resume();
    const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) => child.on('close', (c, s) => resolve([c, s])));
    expect(signal).toBeNull();
    expect(code).toBe(130);
    const answer = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { suggestions: unknown[] };
    expect(answer.suggestions).toHaveLength(10 * 10 * 12);
  }, 240_000);
});
