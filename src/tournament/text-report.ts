// The terminal report of a tournament: fixed-width tables of the agents and the head-to-head.
import {
  abbreviate,
  certaintyNote,
  formatCount,
  formatMeanInterval,
  formatMedianInterval,
  formatMs,
  formatRateInterval,
  formatShare,
  formatSigned,
  formatStrengthInterval,
  NONE,
  NOT_REPORTED,
} from './format.js';
import { faultCount, type AgentSummary, type HeadToHead, type LeagueSummary, type Summary } from './types.js';
import { rankedAgents } from './league.js';
import { counted, forCount } from '../model/numbers.js';
import type { DecisionTimeRow } from './decision-times.js';

/** The width the notes under a table are wrapped to. */
const NOTE_WIDTH = 110;

export interface Column {
  header: string;
  group?: string;
  align: 'left' | 'right';
  cells: string[];
}

function pad(text: string, width: number, align: 'left' | 'right'): string {
  return align === 'left' ? text.padEnd(width) : text.padStart(width);
}

/** Lays out columns with two spaces between them; a group header spans its adjacent columns. */
export function layoutTable(columns: Column[]): string[] {
  const GAP = '  ';
  const widths = columns.map((c) => Math.max(c.header.length, ...c.cells.map((s) => s.length)));
  // Widen grouped columns so that the group title fits over them.
  for (let i = 0; i < columns.length; ) {
    const group = columns[i].group;
    let j = i + 1;
    while (group !== undefined && j < columns.length && columns[j].group === group) j++;
    if (group !== undefined) {
      const span = widths.slice(i, j).reduce((a, b) => a + b, 0) + GAP.length * (j - i - 1);
      const needed = group.length + 4;
      if (span < needed) widths[j - 1] += needed - span;
    }
    i = j;
  }
  const lines: string[] = [];
  if (columns.some((c) => c.group !== undefined)) {
    let line = '';
    for (let i = 0; i < columns.length; ) {
      const group = columns[i].group;
      let j = i + 1;
      while (group !== undefined && j < columns.length && columns[j].group === group) j++;
      const span = widths.slice(i, j).reduce((a, b) => a + b, 0) + GAP.length * (j - i - 1);
      const text = group === undefined ? '' : `── ${group} `.padEnd(span, '─');
      line += (i === 0 ? '' : GAP) + text.padEnd(span);
      i = j;
    }
    lines.push(line.trimEnd());
  }
  lines.push(columns.map((c, i) => pad(c.header, widths[i], c.align)).join(GAP).trimEnd());
  lines.push(widths.map((w) => '─'.repeat(w)).join(GAP));
  const rows = columns[0]?.cells.length ?? 0;
  for (let r = 0; r < rows; r++) {
    lines.push(columns.map((c, i) => pad(c.cells[r], widths[i], c.align)).join(GAP).trimEnd());
  }
  return lines;
}

/** Column keys for the head-to-head table: the labels when short, else "#1", "#2", …. */
function headToHeadKeys(agents: string[]): { keys: string[]; numbered: boolean } {
  const numbered = agents.some((a) => a.length > 16);
  return { keys: numbered ? agents.map((_, i) => `#${i + 1}`) : agents, numbered };
}

function headToHeadCell(entry: HeadToHead | undefined): string {
  if (entry === undefined || entry.share === null) return NONE;
  return `${formatRateInterval(entry.share)} (${formatCount(entry.games)})`;
}

/** A league's columns before the others: rank, then (after the agent) strength and chance against average agents. */
function leagueColumns(league: LeagueSummary, agents: readonly AgentSummary[]): { rank: Column[]; rating: Column[] } {
  const rating = (a: AgentSummary) => league.ratings.find((r) => r.agent === a.agent);
  return {
    rank: [{ header: 'Rank', align: 'right', cells: agents.map((a) => String(rating(a)?.rank ?? NONE)) }],
    rating: [
      { header: 'Strength [95% CI]', align: 'right', cells: agents.map((a) => (rating(a) ? formatStrengthInterval(rating(a)!.strength) : NONE)) },
      { header: `vs ${league.players - 1} average [95% CI]`, align: 'right', cells: agents.map((a) => (rating(a) ? formatRateInterval(rating(a)!.chance) : NONE)) },
    ],
  };
}

/** What a league's rating means, and which agents the games bound on one side only, or cannot rate: paragraphs. */
export function leagueNotes(league: LeagueSummary, unsolvedGames: number): string[] {
  const others = league.players - 1;
  const list = (agents: string[]) => agents.join(', ');
  // With nothing rated, nothing to explain but why.
  const notes = league.ratings.length === 0 ? [] : [
    `Strength: the log-strength in Luce's model of who wins a game, mean 0 over the agents with a finite one (${formatSigned(Math.log(2))} doubles the odds of winning), ` +
      `fitted to the ${counted(league.decidedGames, 'game')} someone won${unsolvedGames > 0 ? ` (the ${counted(unsolvedGames, 'game')} nobody won ${forCount(unsolvedGames, 'says', 'say')} nothing of who is stronger)` : ''} ` +
      `with a weak prior: every agent also wins and loses ${league.pseudoGames === 0.5 ? 'half a game' : `${league.pseudoGames} of a game`} against a fictitious agent. ` +
      `vs ${others} average: the chance to win a game someone wins against ${counted(others, 'agent')} of strength 0 (${formatShare(1 / league.players)} is an equal share).`,
  ];
  const neverWon = league.ratings.filter((r) => r.strength.estimate === -Infinity).map((r) => r.agent);
  const alwaysWon = league.ratings.filter((r) => r.strength.estimate === Infinity).map((r) => r.agent);
  if (neverWon.length > 0) {
    notes.push(`Never won: ${list(neverWon)}. No strength is too low for that: the interval is open below, its upper end the strength at which losing every game would have had a chance of 2.5% (the others' strengths fixed).`);
  }
  if (alwaysWon.length > 0) {
    notes.push(`Won every game someone won at ${alwaysWon.length === 1 ? 'its' : 'their'} tables: ${list(alwaysWon)}. The interval is open above, its lower end the strength at which winning every one would have had a chance of 2.5%.`);
  }
  if (!league.orderedByGames) notes.push('Some agents never won a game with some others at the table: the games alone do not place them, and the prior keeps their strengths finite.');
  if (league.unrated.length > 0) notes.push(`Not rated, no game someone won at ${league.unrated.length === 1 ? 'its' : 'their'} tables: ${list(league.unrated)}.`);
  return notes;
}

/** Text broken into lines of at most `width` characters, at spaces. */
export function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  return [...lines, line];
}

/** The schedule's balance: the cycle, how much of it was played, games per agent and per pair. */
export function tablesLine(league: LeagueSummary, games: number): string {
  if (games === 0) return 'No table was played.';
  const { agentGames, pairGames } = league.balance;
  const spread = (r: { min: number; max: number }) => (r.min === r.max ? formatCount(r.min) : `${formatCount(r.min)}–${formatCount(r.max)}`);
  const cycle = league.gamesPerCycle;
  let played: string;
  if (cycle === null) played = 'a full cycle of tables is more than 2^53 games';
  else {
    const whole = Math.floor(games / cycle);
    const rest = games % cycle;
    const cycles = whole === 0 ? '' : counted(whole, 'full cycle');
    const part = rest === 0 ? '' : `${counted(rest, 'game')} of the ${whole === 0 ? 'first' : 'next'}`;
    played = `a full cycle is ${counted(cycle, 'game')}; played: ${[cycles, part].filter((x) => x !== '').join(' and ')}`;
  }
  return `Tables of ${league.players} from ${league.agents} agents: ${played}. Games per agent: ${spread(agentGames)}; per pair: ${spread(pairGames)}.`;
}

/** The first line of the decision times' table, which says what they are. */
export const DECISION_TIME_TITLE = "Decision time (wall time, varying between runs and machines); per game: a seat's decisions in a game, summed";

/** The decision times of the agents (`rows` as `agents`, by label): a title, then a table. */
export function renderDecisionTimes(agents: readonly AgentSummary[], rows: readonly DecisionTimeRow[]): string[] {
  const row = (a: AgentSummary) => rows.find((r) => r.agent === a.agent);
  return [
    DECISION_TIME_TITLE,
    ...layoutTable([
      { header: 'Agent', align: 'left', cells: agents.map((a) => abbreviate(a.agent, 40)) },
      { header: 'Decisions', align: 'right', cells: agents.map((a) => formatCount(row(a)?.decisions ?? 0)) },
      { group: 'One decision', header: 'median', align: 'right', cells: agents.map((a) => formatMs(row(a)?.medianMs ?? null)) },
      { group: 'One decision', header: '95th percentile', align: 'right', cells: agents.map((a) => formatMs(row(a)?.p95Ms ?? null)) },
      { header: 'Per game', align: 'right', cells: agents.map((a) => formatMs(row(a)?.msPerGame ?? null)) },
    ]),
  ];
}

/**
 * A readable fixed-width summary for the terminal: agents, head-to-head, games. The faults of
 * agents from outside get a column when `options.faults` (a run with such agents) or when any occurred.
 * A league's agents are ranked by their rating, with its columns and notes. With
 * `options.decisionTimes`, their table follows the agents'.
 */
export function renderSummary(summary: Summary, options: { faults?: boolean; decisionTimes?: readonly DecisionTimeRow[] } = {}): string {
  const agents = rankedAgents(summary);
  const league = summary.league && leagueColumns(summary.league, agents);
  const faults = options.faults === true || agents.some((a) => faultCount(a.faults) > 0);
  const lines: string[] = [];
  lines.push(
    ...layoutTable([
      ...(league?.rank ?? []),
      { header: 'Agent', align: 'left', cells: agents.map((a) => abbreviate(a.agent, 40)) },
      ...(league?.rating ?? []),
      { header: 'Games', align: 'right', cells: agents.map((a) => formatCount(a.games)) },
      { header: 'Seat-games', align: 'right', cells: agents.map((a) => formatCount(a.seatGames)) },
      { header: 'Win rate [95% CI]', align: 'right', cells: agents.map((a) => formatRateInterval(a.winRate)) },
      { group: 'Turns to win', header: 'mean [95% CI]', align: 'right', cells: agents.map((a) => formatMeanInterval(a.meanTurnsToWin)) },
      { group: 'Turns to win', header: 'median [95% CI]', align: 'right', cells: agents.map((a) => formatMedianInterval(a.medianTurnsToWin)) },
      { group: 'Turns to certain', header: 'mean [95% CI]', align: 'right', cells: agents.map((a) => (a.reportsCertainty ? formatMeanInterval(a.meanTurnsToCertain) : NOT_REPORTED)) },
      { group: 'Turns to certain', header: 'median [95% CI]', align: 'right', cells: agents.map((a) => (a.reportsCertainty ? formatMedianInterval(a.medianTurnsToCertain) : NOT_REPORTED)) },
      { header: 'Certain', align: 'right', cells: agents.map((a) => (a.certainRate === null ? NOT_REPORTED : formatShare(a.certainRate.estimate))) },
      { header: 'Wrong acc.', align: 'right', cells: agents.map((a) => formatCount(a.wrongAccusations)) },
      ...(faults ? [{ header: 'Faults (illegal/timeout/crash)', align: 'right' as const, cells: agents.map((a) => `${formatCount(a.faults.illegal)}/${formatCount(a.faults.timeout)}/${formatCount(a.faults.crash)}`) }] : []),
    ]),
  );
  const certainty = certaintyNote(agents);
  if (certainty !== null) lines.push('', ...wrap(certainty, NOTE_WIDTH));
  if (summary.league) lines.push('', ...[...leagueNotes(summary.league, summary.unsolvedGames), tablesLine(summary.league, summary.games)].flatMap((note) => wrap(note, NOTE_WIDTH)));
  if (options.decisionTimes) lines.push('', ...renderDecisionTimes(agents, options.decisionTimes));

  const labels = agents.map((a) => a.agent);
  if (labels.length >= 2) {
    lines.push('');
    lines.push('Head-to-head: share of the games won by the row agent among those won by either [95% CI] (games)');
    const { keys, numbered } = headToHeadKeys(labels);
    const rowLabels = labels.map((a, i) => (numbered ? `${keys[i]} ${abbreviate(a, 40)}` : a));
    lines.push(
      ...layoutTable([
        { header: 'beats →', align: 'left', cells: rowLabels },
        ...labels.map<Column>((b, j) => ({
          header: keys[j],
          align: 'right',
          cells: labels.map((a) => (a === b ? '·' : headToHeadCell(summary.headToHead[a]?.[b]))),
        })),
      ]),
    );
  }

  if (summary.suggestionsByRoom) lines.push('', ...renderBoard(summary));

  lines.push('');
  const unsolvedShare = summary.games === 0 ? '' : ` (${formatShare(summary.unsolvedGames / summary.games)})`;
  lines.push(`Games: ${formatCount(summary.games)}, unsolved: ${formatCount(summary.unsolvedGames)}${unsolvedShare}`);
  return lines.join('\n');
}

/** On a board: each agent's walking, and the rooms suggestions were made in. */
function renderBoard(summary: Summary): string[] {
  const agents = summary.agents.filter((a) => a.movingShare !== undefined);
  const counts = Object.entries(summary.suggestionsByRoom!);
  const total = counts.reduce((n, [, c]) => n + c, 0);
  return [
    'On the board: the share of turns that entered no room (no suggestion), and the rooms entered per game',
    ...layoutTable([
      { header: 'Agent', align: 'left', cells: agents.map((a) => abbreviate(a.agent, 40)) },
      { header: 'Turns moving [95% CI]', align: 'right', cells: agents.map((a) => formatRateInterval(a.movingShare!)) },
      { header: 'Rooms visited [95% CI]', align: 'right', cells: agents.map((a) => formatMeanInterval(a.meanRoomsVisited ?? null)) },
    ]),
    `Suggestions by room: ${counts.map(([room, n]) => `${room} ${formatShare(total === 0 ? 0 : n / total)}`).join(', ')}`,
  ];
}
