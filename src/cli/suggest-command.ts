// cluedo suggest: every suggestion the observer can make, ranked by the information its answer is
// expected to bring about the envelope (on a worker pool).
import { Command, Option } from 'commander';
import { parseGame } from '../io/log.js';
import { readGameLogFile } from '../io/log-file.js';
import type { SuggestResult } from '../analysis/suggest.js';
import { suggestionsJson } from '../analysis/json.js';
import type { Game } from '../model/game.js';
import { DEFAULT_SUGGEST_SAMPLES, MAX_SUGGEST_SAMPLES } from '../analysis/request.js';
import { toJson } from '../io/json.js';
import { cancellableRequest } from './cancel.js';
import { noteThreads, wholeNumber, seedValue, threadCount } from './options.js';
import { writeStdout } from './output.js';
import { ProgressLines } from './progress.js';
import { shorten } from '../model/quote.js';
import { counted, forCount } from '../model/numbers.js';

interface SuggestOptions {
  top?: number;
  samples?: number;
  exact?: boolean;
  threads?: number;
  seed: number;
  responses?: 'uniform' | 'repeat';
  /** The former name of --responses, still accepted. */
  response?: 'uniform' | 'repeat';
  json?: boolean;
  progress?: boolean;
}

/** The request of one run: the log read, the options resolved. */
export interface SuggestRequest {
  game: Game;
  samples?: number;
  seed: number;
  exact: 'auto' | 'always' | 'never';
  threads?: number;
  top?: number;
  responses: 'uniform' | 'repeat';
  json: boolean;
  progress: boolean;
}

const RESPONSE_MODELS = ['uniform', 'repeat'] as const;

export function suggestCommand(): Command {
  return new Command('suggest')
    .description("rank the observer's possible suggestions by the information they are expected to bring about the envelope")
    .argument('<log.json>', 'game log with an observer ("me")')
    .option('--top <k>', 'show only the best k suggestions', wholeNumber('--top', 1_000_000))
    .option('--samples <n>', `uniform samples to estimate from when the consistent deals are more (default ${DEFAULT_SUGGEST_SAMPLES.toLocaleString('en-US')}; fewer for decks with very many suggestions)`, wholeNumber('--samples', MAX_SUGGEST_SAMPLES))
    .option('--exact', 'score exactly over every consistent deal, however many (past 5,000,000, by counting the deals behind each answer)')
    .option('--no-exact', 'always estimate from samples, even when the deals are few')
    .option('--threads <t>', 'worker threads (default: all cores)', threadCount)
    .option('--seed <s>', 'seed of the samples and of tie-breaking', seedValue, 1)
    .addOption(new Option('--responses <policy>', 'how a refuter holding several named cards picks the one it shows: uniform (at random, the default) or repeat (a card it already showed you when it can)').choices(RESPONSE_MODELS))
    .addOption(new Option('--response <policy>').choices(RESPONSE_MODELS).conflicts('responses').hideHelp())
    .option('--json', 'print the ranking as JSON')
    .option('--progress', 'print progress lines on stderr: when the deals are drawn and when scoring starts')
    .action(async (file: string, opts: SuggestOptions) => runSuggest(suggestRequest(file, opts)));
}

export function suggestRequest(file: string, opts: SuggestOptions): SuggestRequest {
  if (opts.response !== undefined) process.stderr.write('cluedo: --response is deprecated: use --responses (the name analyze uses)\n');
  return {
    game: parseGame(readGameLogFile(file)),
    samples: opts.samples,
    seed: opts.seed,
    exact: opts.exact === undefined ? 'auto' : opts.exact ? 'always' : 'never',
    threads: opts.threads,
    top: opts.top,
    responses: opts.responses ?? opts.response ?? 'uniform',
    json: opts.json === true,
    progress: opts.progress === true,
  };
}

async function runSuggest(request: SuggestRequest): Promise<void> {
  const { game } = request;
  await noteThreads(request.threads);
  const [{ suggest }, { analysisPool }] = await Promise.all([import('../analysis/suggest.js'), import('../analysis/pools.js')]);
  const pool = analysisPool(request.threads);
  let result: SuggestResult;
  try {
    result = await cancellableRequest((signal) => {
      const progress = request.progress ? new ProgressLines('suggestions', 1) : null;
      progress?.begin('drawing the deals to score on');
      return suggest(game, {
        samples: request.samples,
        seed: request.seed,
        exact: request.exact,
        executor: pool,
        top: request.top,
        responses: request.responses,
        signal,
        onScoring: () => progress?.begin('scoring every suggestion'),
      });
    });
  } finally {
    await pool.close();
  }
  const reduced = request.samples === undefined && result.samples !== null && result.samples < DEFAULT_SUGGEST_SAMPLES;
  const note = reduced ? `\n(${counted(result.samples!, 'sample')}, not ${DEFAULT_SUGGEST_SAMPLES.toLocaleString('en-US')}: this deck has so many suggestions that more would take long; --samples N for more)` : '';
  await writeStdout(`${request.json ? toJson(suggestionsJson(game, result)) : renderSuggestions(game, result, request.top ?? 20) + note}\n`);
}

export function renderSuggestions(game: Game, result: SuggestResult, show: number): string {
  const suggester = shorten(game.players[game.me!]);
  const names = (cards: number[]) => cards.map((c) => game.deck.cards[c]).join(', ');
  if (result.accuse !== null) {
    return `The envelope is certain for ${suggester}: accuse ${names(result.accuse)}.\nNo suggestion can teach anything more about it.`;
  }
  const rows = result.suggestions.slice(0, show);
  // Not Math.max(...): --top may list a hundred thousand suggestions, too many arguments for a call.
  const width = rows.reduce((w, s) => Math.max(w, names(s.cards).length), 10);
  const basis =
    result.method === 'exact'
      ? `exactly, over ${result.deals === 1 ? 'the one consistent deal' : `all ${counted(result.deals!, 'consistent deal')}`}`
      : `from ${counted(result.samples!, 'uniform sample')} (seed ${result.seed})`;
  const lines = [`Suggestions for ${suggester}, ${basis}`, '', `     ${'suggestion'.padEnd(width)}   bits   P(no refutation)   solutions left`];
  rows.forEach((s, i) => {
    const mark = i === 0 ? '→' : ' ';
    lines.push(
      `${mark}${String(i + 1).padStart(3)} ${names(s.cards).padEnd(width)}  ${s.expectedInformationBits.toFixed(3).padStart(5)}   ${s.pNoRefutation.toFixed(3).padStart(16)}   ${s.expectedSolutionsLeft.toFixed(1).padStart(14)}`,
    );
  });
  if (result.suggestions.length > rows.length) lines.push(`     ... ${result.suggestions.length - rows.length} more (--top to show ${forCount(result.suggestions.length - rows.length, 'it', 'them')})`);
  lines.push('');
  if (result.tiedForBest > 1) {
    lines.push(`${result.tiedForBest} suggestions tie for the most expected information; the seed (${result.seed}) put this one first.`);
  }
  lines.push('→ the entropy-greedy choice: the most expected information about the envelope');
  return lines.join('\n');
}
