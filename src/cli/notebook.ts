// The human-readable detective's notebook: cards by owners with probabilities, the envelope per
// category, the most likely solutions and the envelope's entropy.
import { envelopeProbability, type Analysis } from '../analysis/analyze.js';
import { ownerName } from '../analysis/json.js';
import type { Game } from '../model/game.js';
import type { Opponents } from '../analysis/opponents.js';
import type { RationalAnalysis } from '../analysis/rational.js';
import { counted, forCount } from '../model/numbers.js';

const CERTAIN = '✔';
const IMPOSSIBLE = '·';

export interface NotebookOptions {
  /** How many solutions to list (default 10). */
  topSolutions?: number;
  title?: string;
  /** What the other seats know (analyze --opponents). */
  opponents?: Opponents | null;
  /** How analyze --rational conditioned on turns ended without an accusation. */
  rational?: RationalAnalysis['rational'] | null;
}

export function formatPercent(p: number): string {
  if (p === 0) return '0%';
  if (p === 1) return '100%';
  if (p < 0.005) return '<1%';
  if (p > 0.995) return '>99%';
  return `${Math.round(p * 100)}%`;
}

export function renderNotebook(game: Game, analysis: Analysis, options: NotebookOptions = {}): string {
  const lines: string[] = [];
  const known = new Set(analysis.known.map((k) => `${k.card}:${k.owner}`));
  const exact = analysis.method === 'exact';
  const owners = analysis.owners.map((o) => ownerName(game, o));
  const cell = (card: number, column: number): string => {
    if (known.has(`${card}:${analysis.owners[column]}`)) return CERTAIN;
    const p = analysis.cards[card][column];
    // Impossible is exact whatever the method; an estimate's other 0% is a placement no draw had.
    if (!analysis.possible[card][column]) return IMPOSSIBLE;
    return formatPercent(p);
  };

  if (options.title) lines.push(options.title);
  const view = game.me === null ? 'spectator view (public knowledge)' : `observer ${game.players[game.me]}`;
  lines.push(`${game.players.length} players, ${counted(game.events.length, 'event')}, ${view}`);
  lines.push(methodLine(analysis));
  if (options.rational) lines.push(rationalLine(options.rational));
  if (analysis.responses) lines.push(responsesLine(analysis.responses));
  lines.push('');

  const cardWidth = Math.max(...game.deck.cards.map((c) => c.length)) + 2;
  const colWidth = Math.max(5, ...owners.map((o) => o.length)) + 1;
  const header = ''.padEnd(cardWidth) + owners.map((o) => o.padStart(colWidth)).join('');
  lines.push(header);
  for (const category of game.deck.categories) {
    lines.push(capitalise(category.name));
    for (const card of category.cards) {
      const c = game.deck.cards.indexOf(card);
      lines.push(`  ${card}`.padEnd(cardWidth) + owners.map((_, k) => cell(c, k).padStart(colWidth)).join(''));
    }
  }
  lines.push(`${CERTAIN} certain   ${IMPOSSIBLE} impossible${exact ? '' : '   0% in none of the draws'}`);
  lines.push('');

  lines.push('Envelope');
  for (const category of game.deck.categories) {
    const entries = category.cards
      .map((card) => [card, envelopeProbability(analysis, game.deck.cards.indexOf(card))] as const)
      .filter(([, p]) => p > 0)
      .sort((a, b) => b[1] - a[1])
      .map(([card, p]) => `${card} ${formatPercent(p)}`);
    lines.push(`  ${capitalise(category.name)}: ${entries.join(', ')}`);
  }
  lines.push('');

  const top = options.topSolutions ?? 10;
  const shown = analysis.solutions.slice(0, top);
  lines.push(`Most likely solutions (${shown.length} of ${analysis.solutions.length})`);
  // Not Math.max(...): --top may list a hundred thousand solutions, too many arguments for a call.
  const named = shown.map((s) => s.cards.map((c) => game.deck.cards[c]).join(', '));
  const solutionWidth = named.reduce((w, s) => Math.max(w, s.length), 0);
  shown.forEach((s, i) => {
    lines.push(`  ${String(i + 1).padStart(2)}. ${named[i].padEnd(solutionWidth)}  ${(s.probability * 100).toFixed(2).padStart(6)}%`);
  });
  lines.push('');
  lines.push(`Envelope entropy: ${analysis.entropyBits.toFixed(3)} bits`);
  if (options.opponents) lines.push('', ...opponentLines(game, options.opponents));
  return lines.join('\n');
}

function rationalLine(r: RationalAnalysis['rational']): string {
  const turns = `${counted(r.endmoves, 'turn')} of other seats ended without an accusation`;
  if (r.reading === 'epistemic') return `Rational opponents: ${turns}; each seat did not know the envelope then (exact, in the Kripke model)`;
  return `Rational opponents: ${turns}; ${counted(r.rejected!, 'drawn world')} rejected in which a seat's cards and the cards shown to it gave away the envelope (what it might infer from the others' endmoves is not used)`;
}

/** What each other seat knows: its chance of accusing now, and of knowing each of my cards. */
function opponentLines(game: Game, opponents: Opponents): string[] {
  const how =
    opponents.method === 'exact'
      ? 'exact, over every world of the Kripke model'
      : `estimated from ${counted(opponents.samples!, 'drawn world')}, standard errors up to ±${(100 * maxOpponentError(opponents)).toFixed(2)} points`;
  const lines = [`What the others know (${how})`];
  const mine = game.myHand.map((c) => game.deck.cards[c]);
  const seatWidth = Math.max(...opponents.seats.map((s) => game.players[s.seat].length));
  for (const seat of opponents.seats) {
    const cards = mine.map((card, k) => `${card} ${formatPercent(seat.knowsMyCards[k])}`).join(', ');
    // A seat out after a wrong accusation can no longer accuse, whatever it knows.
    lines.push(`  ${game.players[seat.seat].padEnd(seatWidth)}  can accuse: ${(seat.out ? 'out' : formatPercent(seat.canAccuse)).padStart(4)}   knows you hold: ${cards}`);
  }
  return lines;
}

function maxOpponentError(opponents: Opponents): number {
  let worst = 0;
  for (const seat of opponents.seats) {
    if (!seat.standardErrors) continue;
    worst = Math.max(worst, seat.standardErrors.canAccuse, ...seat.standardErrors.knowsMyCards);
  }
  return worst;
}

/** How the numbers were obtained, and how far an estimated percentage may be off. */
function methodLine(analysis: Analysis): string {
  const deals = analysis.consistentDeals === null ? '' : ` of the ${counted(analysis.consistentDeals, 'consistent deal')}`;
  if (analysis.method === 'exact') return `Consistent deals: ${formatCount(analysis.consistentDeals!)} (exact)`;
  const errors = `standard errors up to ±${(100 * maxStandardError(analysis)).toFixed(2)} points`;
  // Under a weighted response policy each deal is drawn with probability proportional to its likelihood.
  const samples = analysis.responses && analysis.responses.policy !== 'first' ? `${counted(analysis.samples!, 'sample')} drawn by likelihood` : counted(analysis.samples!, 'uniform sample');
  if (analysis.method === 'sampled') return `Estimated from ${samples}${deals} (${errors})`;
  const effective = formatCount(Math.round(analysis.standardErrors!.effectiveSamples));
  return `Estimated by a Markov chain: ${counted(analysis.samples!, 'draw')}, worth about ${effective} independent ${forCount(Math.round(analysis.standardErrors!.effectiveSamples), 'one')} (${errors})`;
}

function formatCount(n: number | bigint): string {
  return n.toLocaleString('en-US');
}

/** The largest standard error over the grid: how far any estimated percentage may be off. */
function maxStandardError(analysis: Analysis): number {
  let worst = 0;
  for (const row of analysis.standardErrors?.cards ?? []) for (const se of row) worst = Math.max(worst, se);
  return worst;
}

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** How the shows were read, and how well the policy explains them. */
function responsesLine({ policy, likelihood }: NonNullable<Analysis['responses']>): string {
  const reading = policy === 'first' ? 'each responder showed the first named card it holds' : policy === 'uniform' ? 'each responder showed a named card it holds at random' : 'each responder showed again a card it had shown you when it could, else one at random';
  return `Cards shown to you read as: ${reading}${likelihood === null ? '' : ` (chance of exactly these shows: ${likelihood.toPrecision(4)} on average over the deals)`}`;
}
