/**
 * The library's errors speak the library's language: each error that names an option or a call of
 * the library, triggered through the library's API, carries its code and fields, and its message
 * names no flag of the command line and no command; the CLI's words for the same error (cliWords)
 * name the flag or command instead. A scan of the sources outside src/cli and src/web finds no
 * string that names a flag or a command.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { InputError, libraryWords } from '../src/model/errors.js';
import { parseGame } from '../src/io/log.js';
import { readGameLogFile } from '../src/io/log-file.js';
import { analyze } from '../src/analysis/analyze.js';
import { refutationAdvice } from '../src/analysis/refute-advice.js';
import { rationalAnalysis } from '../src/analysis/rational.js';
import { knows } from '../src/analysis/knows.js';
import { responseEvidence } from '../src/knowledge/responses.js';
import { constraintsOf } from '../src/knowledge/constraints-of.js';
import { buildGameModel, ModelTooLargeError } from '../src/epistemic/explicit/game-model.js';
import { parseShardFile, parseShardSpec } from '../src/tournament/shards.js';
import { parseRunFile } from '../src/tournament/run-file.js';
import { parseRedisUrl } from '../src/queue/address.js';
import { connectFailure } from '../src/queue/connect-failure.js';
import { cliWords } from '../src/cli/errors.js';
import { message as advisorWords } from '../src/web/views/format.js';
import { COMMAND_NAMES } from '../src/cli/command-names.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const example = (name: string) => parseGame(readGameLogFile(join(ROOT, 'examples', name)));

/** A flag of the command line, or a command named as one runs it. */
const CLI_WORDS = new RegExp(`--[a-z]|\\bcluedo (${COMMAND_NAMES.join('|')})\\b`);

/** What `f` threw (awaited), or a failure when it threw nothing. */
async function thrown(f: () => unknown): Promise<InputError> {
  try {
    await f();
  } catch (e) {
    expect(e).toBeInstanceOf(InputError);
    return e as InputError;
  }
  throw new Error('nothing was thrown');
}

const SMALL = { who: ['A', 'B', 'C'], what: ['X', 'Y', 'Z'] };
/** The spectator of a small game: T's suggestion shown by S, a card nobody else saw. */
const spectator = () => parseGame({ deck: SMALL, players: ['S', 'T'], events: [{ type: 'suggestion', by: 'T', cards: ['B', 'X'], shownBy: 'S' }] });
/** T showed S the A, then the Y for a suggestion naming the A again: no responder that repeats its shows would. */
const unrepeated = () =>
  parseGame({
    deck: SMALL,
    players: ['S', 'T'],
    me: 'S',
    myHand: ['B', 'Z'],
    events: [
      { type: 'suggestion', by: 'S', cards: ['A', 'X'], shownBy: 'T', shown: 'A' },
      { type: 'suggestion', by: 'S', cards: ['A', 'Y'], shownBy: 'T', shown: 'Y' },
    ],
  });
/** Nobody could show A or X, then U showed one: no deal. */
const impossible = () =>
  parseGame({
    deck: SMALL,
    players: ['S', 'T', 'U'],
    me: 'S',
    myHand: ['B', 'Y'],
    events: [
      { type: 'suggestion', by: 'T', cards: ['A', 'X'], shownBy: null },
      { type: 'suggestion', by: 'T', cards: ['A', 'X'], shownBy: 'U' },
    ],
  });
/** T knew the envelope (S lacks B and X, T holds A) and ended its turn without accusing. */
const irrational = () =>
  parseGame({
    deck: { who: ['A', 'B'], what: ['X', 'Y'] },
    players: ['S', 'T'],
    me: 'S',
    myHand: ['Y'],
    events: [
      { type: 'suggestion', by: 'T', cards: ['B', 'X'], shownBy: null },
      { type: 'endmove', by: 'T' },
    ],
  });
/** classic-5p-mid after P1 ended a turn without accusing. */
const withEndmove = () => {
  const mid = example('classic-5p-mid.json');
  return { ...mid, events: [...mid.events, { type: 'endmove' as const, by: 1 }] };
};

interface Case {
  name: string;
  trigger: () => unknown;
  fields: Record<string, unknown>;
  /** The error's message (library) and its CLI words, each matched. */
  library: RegExp;
  cli: RegExp;
}

const CASES: Case[] = [
  {
    name: 'a log refuted by its shows under a response policy',
    trigger: () => analyze(example('custom-deck-3p.json'), { responses: 'first' }),
    fields: { code: 'responses-contradiction', option: 'responses', value: 'first' },
    library: /^No deal is left after event 4 \(.*\), reading the cards shown under responses "first"\.$/,
    cli: /^No deal is left after event 4 \(.*\), reading the cards shown under --responses first\.$/,
  },
  {
    name: 'shows no deal explains (the position)',
    trigger: () => analyze(unrepeated(), { responses: 'repeat', method: 'exact' }),
    fields: { code: 'responses-unexplained', option: 'responses', value: 'repeat' },
    library: /^no consistent deal explains the cards shown under responses "repeat": /,
    cli: /^no consistent deal explains the cards shown under --responses repeat: /,
  },
  {
    name: 'shows no deal explains (Markov chains)',
    trigger: () => analyze(unrepeated(), { responses: 'repeat', method: 'mcmc', samples: 200 }),
    fields: { code: 'responses-unexplained', option: 'responses', value: 'repeat' },
    library: /^no drawn deal explains the cards shown under responses "repeat": /,
    cli: /^no drawn deal explains the cards shown under --responses repeat: /,
  },
  {
    name: 'a response policy on a deck of four categories',
    trigger: () => responseEvidence(parseGame({ deck: { a: ['A1', 'A2'], b: ['B1', 'B2'], c: ['C1', 'C2'], d: ['D1', 'D2'] }, players: ['S', 'T'] }), 'uniform'),
    fields: { code: 'bad-option', option: 'responses', value: 'uniform', limit: 3 },
    library: /^responses "uniform" supports decks of at most three categories/,
    cli: /^--responses uniform supports decks of at most three categories/,
  },
  {
    name: 'rationalAnalysis of a spectator',
    trigger: () => rationalAnalysis(spectator()),
    fields: { code: 'observer-needed' },
    library: /^rationalAnalysis needs an observer's log/,
    cli: /^analyze --rational needs an observer's log/,
  },
  {
    name: 'rationalAnalysis of players who did not play rationally',
    trigger: () => rationalAnalysis(irrational(), { maxWorlds: 1, samples: 50 }),
    fields: { code: 'rational-unexplained', option: 'samples', value: 50 },
    library: /^rationalAnalysis: none of 50 drawn worlds .* \(or draw more with samples\)$/,
    cli: /^analyze --rational: none of 50 drawn worlds .* \(or draw more with --samples\)$/,
  },
  {
    name: 'a Kripke model past maxWorlds',
    trigger: () => buildGameModel(spectator(), 1, { maxWorlds: 2 }),
    fields: { name: 'ModelTooLargeError', code: 'max-worlds', option: 'maxWorlds', limit: 2 },
    library: /the explicit engine's limit \(maxWorlds\)$/,
    cli: /the explicit engine's limit \(--max-worlds\)$/,
  },
  {
    name: 'the refinement reading of a show nobody saw',
    trigger: () => buildGameModel(spectator(), 1, { showcard: 'refinement' }),
    fields: { code: 'showcard-unknown', option: 'showcard', value: 'refinement' },
    library: /; use showcard "action"$/,
    cli: /; use --showcard action$/,
  },
  {
    name: 'a formula the forced sampled engine cannot answer after an endmove',
    trigger: () => knows(withEndmove(), ['K[P1] has(P0, Knife)'], { engine: 'sampled' }),
    fields: { code: 'formula-unsupported' },
    library: /engine "sampled" cannot answer it: event 15 \(endmove\) .* \(rationalAnalysis gives its first-order reading\)$/,
    cli: /--engine sampled cannot answer it: event 15 \(endmove\) .* \(analyze --rational gives its first-order reading\)$/,
  },
  {
    name: 'decision diagrams past maxNodes',
    trigger: () => knows(example('classic-6p-early.json'), ['C[P0,P1] !has(P0, Wrench)'], { engine: 'symbolic', maxNodes: 1000 }),
    fields: { name: 'DiagramsTooLargeError', code: 'max-nodes', option: 'maxNodes', limit: 1000 },
    library: /^the decision diagrams need more than 1,000 nodes \(maxNodes\)$/,
    cli: /^the decision diagrams need more than 1,000 nodes \(--max-nodes\)$/,
  },
  {
    name: 'a forced engine that cannot answer a formula',
    trigger: () => knows(example('classic-6p-early.json'), ['K[P1] K[P2] has(P3, Ballroom)'], { engine: 'counting' }),
    fields: { code: 'formula-unsupported' },
    library: /^formula 1 \(K\[P1\] K\[P2\] has\(P3, Ballroom\)\) at 6: engine "counting" cannot answer it: /,
    cli: /^formula 1 \(K\[P1\] K\[P2\] has\(P3, Ballroom\)\) at 6: --engine counting cannot answer it: /,
  },
  {
    name: 'hand quotas in the counting core',
    trigger: () => constraintsOf(parseGame({ deck: SMALL, players: ['S', 'T'], rules: { handQuotas: { who: 1 } } })),
    fields: { code: 'knows-only' },
    library: /^rules\.handQuotas is supported by knows only: /,
    cli: /^rules\.handQuotas is supported by `cluedo knows` only: /,
  },
  {
    name: 'refutation advice on a log without a deal',
    trigger: () => refutationAdvice(impossible(), { suggester: 1, cards: [1, 4] }),
    fields: { code: 'no-deal' },
    library: /\(findContradiction names it\)$/,
    cli: /\(cluedo analyze names it\)$/,
  },
  {
    name: 'a shard past the games',
    trigger: () => parseShardSpec('1/25', 24),
    fields: { code: 'bad-option', option: 'shard', value: '1/25', limit: 24 },
    library: /^shard "1\/25": 25 shards of 24 games would leave some empty \(N ≤ games\)$/,
    cli: /^--shard 1\/25: 25 shards of 24 games would leave some empty \(N ≤ --games\)$/,
  },
  {
    name: 'a shard that is not i/N',
    trigger: () => parseShardSpec('two', 24),
    fields: { code: 'bad-option', option: 'shard', value: 'two' },
    library: /^shard takes i\/N/,
    cli: /^--shard takes i\/N/,
  },
  {
    name: 'a file that is not a shard file',
    trigger: () => parseShardFile({ hello: 1 }, 'x.json'),
    fields: { code: 'not-shard-file', file: 'x.json' },
    library: /^x\.json: not a shard file .*; written by shardFileText\)$/,
    cli: /^x\.json: not a shard file .*; written by cluedo simulate --shard i\/N --out FILE\)$/,
  },
  {
    name: 'a file that is not a run',
    trigger: () => parseRunFile({ hello: 1 }, 'r.json'),
    fields: { code: 'not-run-file', file: 'r.json' },
    library: /^r\.json: not the file of a run \(.*, as reportJson writes it\)$/,
    cli: /^r\.json: not the file of a run \(.*, as cluedo simulate --json FILE writes it\)$/,
  },
  {
    name: "the thesis's file, which is not a run",
    trigger: () => parseRunFile({ preset: 'thesis' }, 'r.json'),
    fields: { code: 'not-run-file', file: 'r.json' },
    library: /\(preset "thesis"\), which cannot be resumed$/,
    cli: /\(--preset thesis\), which cannot be resumed$/,
  },
  {
    name: 'a URL that is not a Redis URL, its password masked',
    trigger: () => parseRedisUrl('ftp://:hunter2@host'),
    fields: { code: 'bad-option', option: 'url', value: 'ftp://***@host' },
    library: /^url takes redis:\/\/host:port, .*got "ftp:\/\/\*\*\*@host"/,
    cli: /^--queue takes redis:\/\/host:port, .*got "ftp:\/\/\*\*\*@host"/,
  },
  {
    name: 'a Redis URL with a path that is not a database',
    trigger: () => parseRedisUrl('redis://host:1/x'),
    fields: { code: 'bad-option', option: 'url', value: 'redis://host:1/x' },
    library: /^url: the path of a Redis URL is a database number/,
    cli: /^--queue: the path of a Redis URL is a database number/,
  },
];

describe("the library's errors name its options, the CLI's its flags", () => {
  it.each(CASES.map((c) => [c.name, c] as const))('%s', async (_, c) => {
    const e = await thrown(c.trigger);
    expect(e).toMatchObject(c.fields);
    expect(e.message).not.toMatch(CLI_WORDS);
    expect(e.message).toBe(libraryWords(e.phrase));
    expect(e.message).toMatch(c.library);
    expect(cliWords(e)).toMatch(c.cli);
    expect(JSON.stringify({ ...e, message: e.message })).not.toContain('hunter2');
  });

  it('the remedies of a TLS connection that failed name tls.ca, tls.cert and tls.key; the CLI its --queue-ca, --queue-cert and --queue-key', () => {
    const address = { host: 'redis.example', port: 6380, db: 0, text: 'rediss://redis.example:6380' };
    const failures: Array<[object, object, RegExp, RegExp]> = [
      [{ code: 'SELF_SIGNED_CERT_IN_CHAIN' }, {}, /signed it with tls\.ca$/, /signed it with --queue-ca$/],
      [{ code: 'SELF_SIGNED_CERT_IN_CHAIN' }, { ca: 'PEM' }, /the CA of tls\.ca .*: give tls\.ca the certificate/, /the CA of --queue-ca .*: give --queue-ca the certificate/],
      [{ code: 'ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED' }, {}, /pass tls\.cert and tls\.key, /, /pass --queue-cert and --queue-key, /],
      [{ code: 'ERR_SSL_SSLV3_ALERT_BAD_CERTIFICATE' }, { cert: 'PEM', key: 'PEM' }, /client certificate of tls\.cert \(/, /client certificate of --queue-cert \(/],
      [{ code: 'ECONNRESET' }, {}, /pass tls\.cert and tls\.key$/, /pass --queue-cert and --queue-key$/],
      [{ code: 'ECONNRESET' }, { cert: 'PEM', key: 'PEM' }, /client certificate of tls\.cert, which/, /client certificate of --queue-cert, which/],
    ];
    for (const [failure, tls, library, cli] of failures) {
      const e = new InputError(connectFailure(Object.assign(new Error('refused'), failure), { ...address, tls }, 3000));
      expect(e.message).not.toMatch(CLI_WORDS);
      expect(e.message).toMatch(library);
      expect(cliWords(e)).toMatch(cli);
    }
  });

  it("the advisor names the command line's knows, and findContradiction as itself", async () => {
    const quotas = await thrown(CASES.find((c) => c.fields.code === 'knows-only')!.trigger);
    expect(advisorWords(quotas)).toMatch(/^rules\.handQuotas is supported by the command line's `cluedo knows` only: /);
    const noDeal = await thrown(CASES.find((c) => c.fields.code === 'no-deal')!.trigger);
    expect(advisorWords(noDeal)).toMatch(/\(the advisor names it\)$/);
    const shard = await thrown(() => parseShardSpec('two', 24));
    expect(advisorWords(shard)).toBe(shard.message);
  });

  it('an error without library names reads the same in both', async () => {
    const e = await thrown(() => parseGame({ deck: SMALL, players: ['S'] }));
    expect(e.code).toBeUndefined();
    expect(cliWords(e)).toBe(e.message);
  });
});

/** The sources of the library: every .ts file under src/ but the command line's and the advisor's. */
function librarySources(dir = join(ROOT, 'src')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return ['cli', 'web'].includes(entry.name) && dir === join(ROOT, 'src') ? [] : librarySources(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('the sources of the library', () => {
  it('hold no string naming a flag of the command line or one of its commands', () => {
    // The tournament's HTML report is a page, not an error: its CSS has custom properties (--text).
    const files = librarySources().filter((f) => !f.endsWith(join('tournament', 'html-report.tsx')));
    expect(files.length).toBeGreaterThan(100);
    const found: string[] = [];
    for (const file of files) {
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (/^\s*(\/\/|\*|\/\*)/.test(line)) return;
          const code = line.replace(/\s\/\/ .*$/, '');
          for (const [literal] of code.matchAll(/'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|`(?:[^`\\]|\\.)*`/g)) {
            if (CLI_WORDS.test(literal)) found.push(`${relative(ROOT, file)}:${i + 1}: ${literal}`);
          }
        });
    }
    expect(found).toEqual([]);
  });
});
