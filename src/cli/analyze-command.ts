// cluedo analyze: the detective's notebook of a log (or its JSON), an explanation of a card's
// certain owner (--why), what the other seats know (--opponents), rational opponents (--rational).
// The options are read into one request (analyzeRequest); which go together is said by commander
// (conflicts) and by the table of requirements below.
import { Command, Option } from 'commander';
import { analyze, DEFAULT_ANALYSIS_SAMPLES, type Analysis, type AnalysisMethod } from '../analysis/analyze.js';
import { explain } from '../analysis/explain.js';
import { analysisJson, explanationJson, opponentsJson } from '../analysis/json.js';
import { makeNameResolver } from '../model/names.js';
import type { Game } from '../model/game.js';
import { parseGame } from '../io/log.js';
import { quote } from '../model/quote.js';
import { readGameLogFile } from '../io/log-file.js';
import { toJson } from '../io/json.js';
import type { Opponents } from '../analysis/opponents.js';
import type { RationalAnalysis } from '../analysis/rational.js';
import { RESPONSE_POLICIES, type ResponsePolicy } from '../knowledge/responses.js';
import { renderNotebook } from './notebook.js';
import { fromCommandLine, UsageError } from './errors.js';
import { cancellableRequest } from './cancel.js';
import type { Executor } from '../runtime/executor.js';
import { noteThreads, wholeNumber, seedValue, threadCount } from './options.js';
import { requireOptions } from './option-rules.js';
import { writeStdout } from './output.js';
import { ProgressLines } from './progress.js';
import { counted } from '../model/numbers.js';

interface AnalyzeOptions {
  json?: boolean;
  method?: 'auto' | AnalysisMethod;
  samples?: number;
  seed?: number;
  threads?: number;
  top: number;
  maxNodes?: number;
  progress?: boolean;
  opponents?: boolean;
  rational?: boolean;
  responses?: ResponsePolicy;
  why?: string;
}

/** What one run of analyze does, read from its options. */
export type AnalyzeRequest =
  | { kind: 'why'; file: string; game: Game; card: number; json: boolean }
  | {
      kind: 'notebook';
      file: string;
      game: Game;
      json: boolean;
      top: number;
      /** How the position is read: as it is, under rational opponents, or under a response policy. */
      reading: { kind: 'plain'; method: 'auto' | AnalysisMethod; samples?: number; seed?: number; maxNodes?: number; responses?: ResponsePolicy } | { kind: 'rational'; samples?: number; seed?: number };
      /** Worker threads to draw on (--threads), or null: in this thread. */
      threads: number | null;
      /** Progress lines while samples are drawn. */
      progress: boolean;
      opponents: boolean;
    };

export function analyzeCommand(): Command {
  const command = new Command('analyze')
    .description("print the detective's notebook of a game log: who holds what, the envelope, the likely solutions")
    .argument('<log.json>', 'game log (see docs/game-log.md)')
    .option('--json', 'print the analysis as JSON (see docs/analysis-output.md)')
    .addOption(
      new Option('--method <m>', 'exact: count every deal; sampled: uniform draws from the exact DAG; mcmc: a Markov chain (no DAG needed); auto: exact when it fits, else sampled, else mcmc (default: auto, or sampled with --samples)')
        .choices(['auto', 'exact', 'sampled', 'mcmc']),
    )
    // Not commander's `implies`: an implied --method would count as given, and a conflict with it
    // would name an option the user never typed.
    .option('--samples <n>', 'estimate from n draws (--method sampled unless a method is given)', wholeNumber('--samples', 100_000_000))
    .option('--seed <s>', 'seed of the sampler (with --samples)', seedValue)
    .addOption(new Option('--threads <t>', 'sample (or draw worlds for --opponents) on this many worker threads; the same answer for any number').argParser(threadCount))
    .option('--progress', 'print progress lines on stderr while drawing samples (with --samples)')
    .option('--top <k>', 'how many solutions to list in the notebook', wholeNumber('--top', 100_000), 10)
    .addOption(
      new Option('--rational', 'assume every other seat accuses as soon as it knows: a turn ended without an accusation says it did not know the envelope').conflicts([
        'threads',
        'method',
        'responses',
      ]),
    )
    .option('--opponents', "add what the other seats know: the chance each can already accuse, and that it knows each of the observer's cards")
    .addOption(
      new Option(
        '--responses <policy>',
        'how a responder holding several named cards chose the one it showed you: holds (the default: a shown card says only that its responder holds it), uniform (at random: weighs each deal by 1/k per show, k the named cards the responder holds), first (the first in deck order: it lacks the named cards before it), repeat (a card it already showed you when it can, else at random); see docs/analysis-output.md',
      )
        .choices([...RESPONSE_POLICIES])
        .conflicts(['opponents', 'threads']),
    )
    .addOption(
      new Option('--why <card>', "explain the card's certain owner: the fewest events that force it, in words (with --json, the object of docs/analysis-output.md)").conflicts([
        'samples',
        'threads',
        'progress',
        'rational',
        'opponents',
        'responses',
        'method',
        'top',
        'maxNodes',
      ]),
    )
    .option('--max-nodes <n>', 'the largest deal DAG to build (default 8,000,000 nodes, a little over 1 GB); past it, Markov chains answer', wholeNumber('--max-nodes', 100_000_000))
    .action(async (file: string, opts: AnalyzeOptions) => runAnalyze(analyzeRequest(file, opts)));
  return requireOptions(command, {
    '--threads': { anyOf: ['--samples', '--opponents'], why: 'exact counting runs on one thread' },
    '--progress': { anyOf: ['--samples', '--threads'], why: 'progress is shown while samples are drawn' },
  });
}

/** The request of one run: the log read, the options resolved. */
export function analyzeRequest(file: string, opts: AnalyzeOptions): AnalyzeRequest {
  const game = parseGame(readGameLogFile(file));
  const json = opts.json === true;
  if (opts.why !== undefined) return { kind: 'why', file, game, card: cardOf(game, opts.why), json };
  if (opts.opponents && game.me === null) throw new UsageError(`--opponents needs an observer's log ("me"): ${quote(file)} is a spectator's, who has no cards for others to know`);
  if (opts.method === 'exact' && opts.samples !== undefined) throw new UsageError('--samples draws deals at random; --method exact counts every one: give one or the other');
  const reading = opts.rational
    ? ({ kind: 'rational', samples: opts.samples, seed: opts.seed } as const)
    : ({ kind: 'plain', method: opts.method ?? (opts.samples === undefined ? 'auto' : 'sampled'), samples: opts.samples, seed: opts.seed, maxNodes: opts.maxNodes, responses: opts.responses } as const);
  return { kind: 'notebook', file, game, json, top: opts.top, reading, threads: opts.threads ?? null, progress: opts.progress === true, opponents: opts.opponents === true };
}

async function runAnalyze(request: AnalyzeRequest): Promise<void> {
  if (request.kind === 'why') {
    await writeStdout(`${await cancellableRequest(async () => whyText(request.game, request.card, request.json))}\n`);
    return;
  }
  const { game, reading, threads } = request;
  if (threads !== null) await noteThreads(threads);
  // The same answer in this thread as on a pool: in this thread, samples and worlds are drawn a
  // task at a time between turns of the event loop, so that Ctrl-C stops the request there.
  const { analysis, rational, opponents } = await cancellableRequest(async (signal) => {
    let analysis: Analysis;
    let rational: RationalAnalysis['rational'] | null = null;
    const samples = reading.samples;
    if (reading.kind === 'rational') {
      const { rationalAnalysis } = await import('../analysis/rational.js');
      ({ rational, ...analysis } = rationalAnalysis(game, { samples, seed: reading.seed }));
    } else if ((reading.method === 'sampled' || reading.method === 'mcmc') && (reading.responses ?? 'holds') === 'holds') {
      const method = reading.method;
      const draws = samples ?? DEFAULT_ANALYSIS_SAMPLES;
      const { estimate } = await import('../analysis/estimate.js');
      analysis = await onThreads(threads, async (n) => (await import('../analysis/pools.js')).analysisPool(n), (executor) => {
        const progress = request.progress ? new ProgressLines('samples', draws) : null;
        progress?.begin(`drawing ${counted(draws, 'sample')}`);
        return estimate(game, { samples: draws, seed: reading.seed, method, executor, maxNodes: reading.maxNodes, signal, onProgress: (done) => progress?.update(done) });
      });
    } else {
      // Exact counting, the choice of 'auto' and a response policy's weights are answered in this thread, in one piece.
      analysis = analyze(game, { method: reading.method, samples, seed: reading.seed, maxNodes: reading.maxNodes, responses: reading.responses });
    }
    let opponents: Opponents | null = null;
    if (request.opponents) {
      const [{ opponents: ask }, { epistemicInThisThread }] = await Promise.all([import('../analysis/opponents.js'), import('../analysis/knows.js')]);
      opponents = await onThreads(threads, async (n) => (await import('../analysis/pools.js')).epistemicPool(n), (executor) => ask(game, { seed: reading.seed, executor: executor ?? epistemicInThisThread(), signal }));
    }
    return { analysis, rational, opponents };
  });
  // --json prints exactly the documented analysis object, however it was computed.
  const text = request.json
    ? toJson({ ...analysisJson(game, analysis), ...(rational ? { rational } : {}), ...(opponents ? { opponents: opponentsJson(game, opponents) } : {}) })
    : renderNotebook(game, analysis, { topSolutions: request.top, title: request.file, opponents, rational });
  await writeStdout(`${text}\n`);
}

/** Runs `work` on a pool of `threads` threads, closed after it whatever happens; with no threads, on none (undefined: this thread). */
async function onThreads<T>(threads: number | null, makePool: (threads: number) => Promise<Executor & { close(): Promise<void> }>, work: (executor: Executor | undefined) => Promise<T>): Promise<T> {
  if (threads === null) return work(undefined);
  const pool = await makePool(threads);
  try {
    return await work(pool);
  } finally {
    await pool.close();
  }
}

/** The card --why names, by the name rule; a name that is no card is a usage error. */
function cardOf(game: Game, input: string): number {
  return fromCommandLine(() => makeNameResolver('card', game.deck.cards)(input, '--why'));
}

/** The explanation of a card's certain owner: a paragraph and the events numbered, or its JSON. */
function whyText(game: Game, card: number, json: boolean): string {
  // A card the log leaves uncertain is a question typed on the command line that the log refutes.
  const explanation = fromCommandLine(() => explain(game, { card }), '--why');
  if (json) return toJson(explanationJson(game, explanation));
  const setup = explanation.fromSetup.length === 0 ? [] : ['', `From the setup: ${explanation.fromSetup.join('; ')}`];
  const events = explanation.events.length === 0 ? [] : ['', 'Events:', ...explanation.events.map((e, i) => `  ${i + 1}. ${e.sentence}`)];
  return [explanation.summary, ...setup, ...events].join('\n');
}
