// The terminal report of a tournament: fixed-width tables of the agents and the head-to-head.
import { abbreviate, formatCount, formatMeanInterval, formatMedianInterval, formatRateInterval, formatShare, NONE } from './format.js';
import type { HeadToHead, Summary } from './types.js';

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

/**
 * A readable fixed-width summary for the terminal: agents, head-to-head, games. The faults of
 * agents from outside get a column when `options.faults` (a run with such agents) or when any occurred.
 */
export function renderSummary(summary: Summary, options: { faults?: boolean } = {}): string {
  const agents = summary.agents;
  const faults = options.faults === true || agents.some((a) => a.faults.illegal + a.faults.timeout + a.faults.crash > 0);
  const lines: string[] = [];
  lines.push(
    ...layoutTable([
      { header: 'Agent', align: 'left', cells: agents.map((a) => abbreviate(a.agent, 40)) },
      { header: 'Games', align: 'right', cells: agents.map((a) => formatCount(a.games)) },
      { header: 'Seat-games', align: 'right', cells: agents.map((a) => formatCount(a.seatGames)) },
      { header: 'Win rate [95% CI]', align: 'right', cells: agents.map((a) => formatRateInterval(a.winRate)) },
      { group: 'Turns to win', header: 'mean [95% CI]', align: 'right', cells: agents.map((a) => formatMeanInterval(a.meanTurnsToWin)) },
      { group: 'Turns to win', header: 'median [95% CI]', align: 'right', cells: agents.map((a) => formatMedianInterval(a.medianTurnsToWin)) },
      { group: 'Turns to certain', header: 'mean [95% CI]', align: 'right', cells: agents.map((a) => formatMeanInterval(a.meanTurnsToCertain)) },
      { group: 'Turns to certain', header: 'median [95% CI]', align: 'right', cells: agents.map((a) => formatMedianInterval(a.medianTurnsToCertain)) },
      { header: 'Certain', align: 'right', cells: agents.map((a) => formatShare(a.certainRate.estimate)) },
      { header: 'Wrong acc.', align: 'right', cells: agents.map((a) => formatCount(a.wrongAccusations)) },
      ...(faults ? [{ header: 'Faults (illegal/timeout/crash)', align: 'right' as const, cells: agents.map((a) => `${formatCount(a.faults.illegal)}/${formatCount(a.faults.timeout)}/${formatCount(a.faults.crash)}`) }] : []),
    ]),
  );

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
