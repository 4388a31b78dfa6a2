import { Command, Option } from 'commander';
import { analyzeGame, type Analysis } from '../analysis/analyze.js';
import { explainGameCard } from '../analysis/explain.js';
import { makeNameResolver } from '../model/names.js';
import { InputError } from '../model/errors.js';
import type { Game } from '../model/game.js';
import { parseGame } from '../io/log.js';
import { readGameLogFile } from '../io/log-file.js';
import { renderNotebook } from './notebook.js';
import { UsageError } from './errors.js';
import { withCancellation } from './cancel.js';
import { noteThreads, wholeNumber, seedValue, threadCount } from './options.js';
import { writeStdout } from './output.js';
import { ProgressLines } from './progress.js';
import { toJson } from '../io/json.js';
import type { Opponents } from '../analysis/opponents.js';
import type { RationalAnalysis } from '../analysis/rational.js';
import { RESPONSE_POLICIES, type ResponsePolicy } from '../knowledge/responses.js';

type Method = 'auto' | 'exact' | 'sampled' | 'mcmc';

interface AnalyzeOptions {
  json?: boolean;
  method: Method;
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

export function analyzeCommand(): Command {
  return new Command('analyze')
    .description("print the detective's notebook of a game log: who holds what, the envelope, the likely solutions")
    .argument('<log.json>', 'game log (see docs/game-log.md)')
    .option('--json', 'print the analysis as JSON (see docs/analysis-output.md)')
    .addOption(
      new Option('--method <m>', 'exact: count every deal; sampled: uniform draws from the exact DAG; mcmc: a Markov chain (no DAG needed); auto: exact when it fits, else sampled, else mcmc')
        .choices(['auto', 'exact', 'sampled', 'mcmc'])
        .default('auto'),
    )
    .option('--samples <n>', 'estimate from n draws (implies --method sampled unless a method is given)', wholeNumber('--samples', 100_000_000))
    .option('--seed <s>', 'seed of the sampler (with --samples)', seedValue)
    .option('--threads <t>', 'sample on this many worker threads (with --samples; same answer for any number)', threadCount)
    .option('--progress', 'print progress lines on stderr while sampling on threads (with --threads)')
    .option('--top <k>', 'how many solutions to list in the notebook', wholeNumber('--top', 100_000), 10)
    .option('--rational', 'assume every other seat accuses as soon as it knows: a turn ended without an accusation says it did not know the envelope')
    .option('--opponents', "add what the other seats know: the chance each can already accuse, and that it knows each of the observer's cards")
    .addOption(
      new Option(
        '--responses <policy>',
        'how a responder holding several named cards chose the one it showed you: holds (the default: a shown card says only that its responder holds it), uniform (at random: weighs each deal by 1/k per show, k the named cards the responder holds), first (the first in deck order: it lacks the named cards before it), repeat (a card it already showed you when it can, else at random); see docs/analysis-output.md',
      ).choices([...RESPONSE_POLICIES]),
    )
    .option('--why <card>', "explain the card's certain owner: the fewest events that force it, in words (with --json, the object of docs/analysis-output.md)")
    .option('--max-nodes <n>', 'the largest deal DAG to build (default 8,000,000 nodes, a little over 1 GB); past it, Markov chains answer', wholeNumber('--max-nodes', 100_000_000))
    .action(async (file: string, opts: AnalyzeOptions, command: Command) => {
      if (opts.threads !== undefined && opts.samples === undefined && !opts.opponents) throw new UsageError('--threads goes with --samples or --opponents: exact counting runs on one thread');
      if (opts.progress && opts.threads === undefined) throw new UsageError('--progress goes with --samples and --threads: sampling in process shows no progress');
      const methodGiven = command.getOptionValueSource('method') === 'cli';
      const method: Method = methodGiven ? opts.method : opts.samples !== undefined ? 'sampled' : 'auto';
      if (opts.responses !== undefined && (opts.rational || opts.opponents || opts.threads !== undefined)) {
        throw new UsageError('--responses goes without --rational, --opponents and --threads: the policy-aware reading runs in process on the deal DAG');
      }
      if (opts.why !== undefined) {
        const others = ['--samples', '--threads', '--progress', '--rational', '--opponents', '--responses', '--method', '--top', '--max-nodes'].filter(
          (flag) => command.getOptionValueSource(camel(flag)) === 'cli',
        );
        if (others.length > 0) throw new UsageError(`--why goes without ${others.join(', ')}: an explanation is exact, of the log as read by default`);
        const game = parseGame(readGameLogFile(file));
        await writeStdout(`${whyText(game, opts.why, opts.json === true)}\n`);
        return;
      }
      const game = parseGame(readGameLogFile(file));
      let analysis: Analysis;
      let rational: RationalAnalysis['rational'] | null = null;
      if (opts.rational) {
        if (opts.threads !== undefined || methodGiven) throw new UsageError('--rational chooses its own method (exact from the Kripke model when it fits, else sampled): drop --threads and --method');
        const { rationalAnalysis } = await import('../analysis/rational.js');
        ({ rational, ...analysis } = rationalAnalysis(game, { samples: opts.samples, seed: opts.seed }));
      } else if (opts.threads === undefined || opts.samples === undefined) {
        analysis = analyzeGame(game, { method, samples: opts.samples, seed: opts.seed, maxNodes: opts.maxNodes, responses: opts.responses });
      } else {
        const samples = opts.samples!;
        await noteThreads(opts.threads);
        const { estimateGame } = await import('../analysis/estimate.js');
        analysis = await withCancellation((signal) => {
          const progress = opts.progress ? new ProgressLines('samples', samples) : null;
          progress?.begin(`drawing ${samples.toLocaleString('en-US')} samples`);
          return estimateGame(game, { samples, seed: opts.seed, threads: opts.threads, maxNodes: opts.maxNodes, signal, onProgress: (done) => progress?.update(done) });
        });
      }
      let opponents: Opponents | null = null;
      if (opts.opponents) {
        if (game.me === null) throw new UsageError('--opponents needs an observer\'s log ("me"): the spectator has no cards for others to know');
        if (opts.threads === undefined) {
          const { opponentsOf } = await import('../analysis/opponents.js');
          opponents = opponentsOf(game, { seed: opts.seed });
        } else {
          await noteThreads(opts.threads);
          const [{ opponentsOn }, { epistemicPool }] = await Promise.all([import('../analysis/opponents.js'), import('../analysis/knows-on.js')]);
          const pool = epistemicPool(opts.threads);
          try {
            opponents = await withCancellation((signal) => opponentsOn(pool, game, { seed: opts.seed, signal }));
          } finally {
            await pool.close();
          }
        }
      }
      // --json prints exactly the documented analysis object, however it was computed.
      const text = opts.json
        ? toJson({ ...contractOnly(analysis), ...(rational ? { rational } : {}), ...(opponents ? { opponents } : {}) })
        : renderNotebook(game, analysis, { topSolutions: opts.top, title: file, opponents, rational });
      await writeStdout(`${text}\n`);
    });
}

/** The documented keys, in the documented order: the estimates' standard errors only when there are some. */
function contractOnly(a: Analysis): Analysis {
  const { method, consistentDeals, samples, owners, cards, envelope, solutions, known, entropyBits, standardErrors, responses } = a;
  return { method, consistentDeals, samples, owners, cards, envelope, solutions, known, entropyBits, ...(standardErrors ? { standardErrors } : {}), ...(responses ? { responses } : {}) };
}

/** "--max-nodes" → "maxNodes": the key commander stores an option under. */
function camel(flag: string): string {
  return flag.slice(2).replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
}

/** The explanation of a card's certain owner: a paragraph and the events numbered, or its JSON. */
function whyText(game: Game, input: string, json: boolean): string {
  let card: number;
  try {
    card = makeNameResolver('card', game.deck.cards)(input, '--why');
  } catch (e) {
    throw e instanceof InputError ? new UsageError(e.message) : e;
  }
  const explanation = explainGameCard(game, card);
  if (json) return toJson(explanation);
  const setup = explanation.fromSetup.length === 0 ? [] : ['', `From the setup: ${explanation.fromSetup.join('; ')}`];
  const events = explanation.events.length === 0 ? [] : ['', 'Events:', ...explanation.events.map((e, i) => `  ${i + 1}. ${e.sentence}`)];
  return [explanation.summary, ...setup, ...events].join('\n');
}
