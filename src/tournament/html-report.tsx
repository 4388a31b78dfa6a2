// The HTML report of a tournament: one self-contained page (inline CSS and SVG; no scripts, fonts
// or network) whose centrepiece is a chart of turns to certainty per agent. Everything is drawn
// from the Summary alone, so a summary merged from shards renders as well as a single run's. The
// page and its charts are Preact components rendered to a string, which escapes every text and
// attribute: agents' labels and the replies of agents from outside are shown as they are.
import type { ComponentChildren } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { BoardHeatMap } from './board-svg.js';
import { agentColours } from './colours.js';
import {
  abbreviate,
  certaintyNote,
  DASH,
  formatCount,
  formatMs,
  formatRateBounds,
  formatRateInterval,
  formatShare,
  formatSigned,
  formatTurns,
  formatTurnsDecimal,
  NONE,
  NOT_REPORTED,
} from './format.js';
import { FAULT_REASONS_KEPT, faultCount, type AgentSummary, type FaultRecord, type Interval, type Summary } from './types.js';
import { joinList, oneLine } from '../model/quote.js';
import { FAULT_KINDS, REPLY_BYTES_KEPT } from '../game/agent.js';
import { rankedAgents } from './league.js';
import { leagueNotes, tablesLine } from './text-report.js';
import { counted } from '../model/numbers.js';
import type { DecisionTimeRow } from './decision-times.js';

/** A round number: 1, 2 or 5 times a power of ten, at least `raw`. */
function niceStep(raw: number): number {
  if (!(raw > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(raw));
  for (const m of [1, 2, 5, 10]) if (m * power >= raw - 1e-12 * power) return m * power;
  return 10 * power;
}

/** Ticks from 0 (or `from`) to at least `max`, about `count` of them. */
function niceTicks(max: number, count: number, from = 0): { ticks: number[]; top: number } {
  const step = niceStep((max - from) / count);
  const top = Math.max(from + step, Math.ceil((max - from) / step - 1e-9) * step + from);
  const ticks: number[] = [];
  for (let v = from; v <= top + step * 1e-9; v += step) ticks.push(Number(v.toPrecision(12)));
  return { ticks, top };
}

/** A coordinate with at most one decimal. */
function fmtPx(x: number): string {
  return Number(x.toFixed(1)).toString();
}

interface CertaintyData {
  agent: AgentSummary;
  colour: string;
  /** Seat-games first certain at each turn, ascending. */
  counts: { turn: number; seatGames: number }[];
  /** Seat-games in which it became certain at all. */
  certain: number;
  seatGames: number;
}

/** The agents that report certainty (the others' turns to certain are unknown, and not charted). */
function certaintyData(summary: Summary, colours: Map<string, string>): CertaintyData[] {
  return summary.agents.filter((agent) => agent.reportsCertainty).map((agent) => ({
    agent,
    colour: colours.get(agent.agent)!,
    counts: agent.turnsToCertain,
    certain: agent.turnsToCertain.reduce((sum, c) => sum + c.seatGames, 0),
    seatGames: agent.seatGames,
  }));
}

/** Every agent's counts together: seat-games per turn, ascending. */
function pooledCounts(data: CertaintyData[]): { turn: number; seatGames: number }[] {
  const pooled = new Map<number, number>();
  for (const d of data) for (const c of d.counts) pooled.set(c.turn, (pooled.get(c.turn) ?? 0) + c.seatGames);
  return [...pooled].sort((a, b) => a[0] - b[0]).map(([turn, seatGames]) => ({ turn, seatGames }));
}

/** The last turn at which any agent first became certain (0 when none did). */
function lastTurn(data: CertaintyData[]): number {
  return Math.max(0, ...data.flatMap((d) => d.counts.map((c) => c.turn)));
}

/** Binning shared by every agent: whole turns, or wider bins for long ranges; a last open bin for outliers. */
interface Binning {
  start: number; // first bin's lowest value
  width: number; // values per bin
  bins: number; // regular bins
  overflow: boolean; // a last bin for values ≥ start + bins·width
}

function binningOf(pooled: { turn: number; seatGames: number }[]): Binning {
  const total = pooled.reduce((sum, c) => sum + c.seatGames, 0);
  if (total === 0) return { start: 1, width: 1, bins: 10, overflow: false };
  const min = pooled[0].turn;
  const max = pooled[pooled.length - 1].turn;
  // Keep the axis to the bulk of the data: values far out (beyond Q3 + 3·IQR and beyond the
  // 98th percentile) go into an open last bin.
  const at = (q: number): number => {
    const rank = Math.min(total - 1, Math.floor(q * total)); // 0-based rank in the sorted values
    let below = 0;
    for (const c of pooled) {
      below += c.seatGames;
      if (below > rank) return c.turn;
    }
    return max;
  };
  const fence = Math.max(Math.ceil(at(0.75) + 3 * (at(0.75) - at(0.25))), Math.ceil(at(0.98)));
  const cap = max > fence ? fence : max;
  const span = cap - min + 1;
  const width = span <= 60 ? 1 : niceStep(span / 50);
  const start = width === 1 ? min : Math.floor(min / width) * width;
  const bins = Math.max(1, Math.ceil((cap + 1 - start) / width));
  return { start, width, bins, overflow: cap < max };
}

function binIndex(b: Binning, v: number): number {
  const i = Math.floor((v - b.start) / b.width);
  return Math.min(i, b.overflow ? b.bins : b.bins - 1);
}

/** Items with `separator` between them. */
function joined(items: ComponentChildren[], separator: string): ComponentChildren[] {
  return items.flatMap((item, i) => (i === 0 ? [item] : [separator, item]));
}

/** The centrepiece: small multiples, one histogram per agent, sharing both axes. */
function CertaintyChart({ data, binning }: { data: CertaintyData[]; binning: Binning }) {
  const totalBins = binning.bins + (binning.overflow ? 1 : 0);
  const counts = data.map((d) => {
    const c = new Array<number>(totalBins).fill(0);
    for (const { turn, seatGames } of d.counts) c[binIndex(binning, turn)] += seatGames;
    return c;
  });
  const shares = counts.map((c, i) => c.map((n) => (data[i].seatGames === 0 ? 0 : n / data[i].seatGames)));
  const maxShare = Math.max(0.01, ...shares.flat());
  const { ticks: yTicks, top: yTop } = niceTicks(maxShare, 2);

  const W = 1000;
  const left = 64;
  const right = 24;
  const plotW = W - left - right;
  const titleH = 30;
  const plotH = 96;
  const panelGap = 22;
  const panelH = titleH + plotH;
  const axisH = 54;
  const H = data.length * panelH + Math.max(0, data.length - 1) * panelGap + axisH + 8;
  const domainLow = binning.start - (binning.width === 1 ? 0.5 : 0);
  const domainHigh = domainLow + totalBins * binning.width;
  const x = (v: number): number => left + ((v - domainLow) / (domainHigh - domainLow)) * plotW;
  const barW = plotW / totalBins;

  // X ticks on bin centres (width 1) or bin edges.
  const valueSpan = binning.bins * binning.width;
  const xStep = binning.width === 1 ? Math.max(1, niceStep(valueSpan / 14)) : niceStep(valueSpan / 12);
  const xTicks: number[] = [];
  const firstTick = Math.ceil(binning.start / xStep) * xStep;
  const overflowX = left + (binning.bins + 0.5) * barW;
  for (let v = firstTick; v < binning.start + valueSpan + (binning.width === 1 ? 0 : 1e-9); v += xStep) {
    // Leave room for the open last bin's label.
    if (binning.overflow && Math.abs(x(v) - overflowX) < 36) continue;
    xTicks.push(v);
  }
  const axisTop = data.length * panelH + Math.max(0, data.length - 1) * panelGap;

  const panel = (d: CertaintyData, i: number) => {
    const top = i * (panelH + panelGap);
    const plotTop = top + titleH;
    const plotBottom = plotTop + plotH;
    const y = (share: number): number => plotBottom - (share / yTop) * plotH;
    const a = d.agent;
    const never = d.seatGames - d.certain;
    const neverShare = d.seatGames === 0 ? 0 : never / d.seatGames;
    const med = a.medianTurnsToCertain;
    // Beside the agent's name: the median with its interval, the mean, the share never certain.
    const facts: ComponentChildren[] = [];
    if (med !== null) {
      facts.push(
        <>
          median <tspan class="strong">{formatTurns(med.estimate)}</tspan> [{formatTurns(med.low)}
          {DASH}
          {formatTurns(med.high)}]
        </>,
      );
    }
    if (a.meanTurnsToCertain !== null) facts.push(`mean ${a.meanTurnsToCertain.estimate.toFixed(1)}`);
    facts.push(
      <>
        never certain <tspan class="strong">{formatShare(neverShare)}</tspan> ({formatCount(never)} of {formatCount(d.seatGames)})
      </>,
    );
    // Within the plot: an open interval (∞) runs to its right edge.
    const clip = (px: number): number => Math.min(left + plotW, Math.max(left, px));
    const band = med && { x0: clip(x(med.low - (binning.width === 1 ? 0.5 : 0))), x1: clip(x(med.high + (binning.width === 1 ? 0.5 : 0))) };
    return (
      <g class="panel">
        <rect x={left} y={top + 6} width="12" height="12" rx="2" fill={d.colour} />
        <text x={left + 18} y={top + 17} class="panel-title">
          <title>{a.agent}</title>
          {abbreviate(a.agent, 40)}
        </text>
        <text x={W - right} y={top + 17} text-anchor="end" class="panel-facts">
          {joined(facts, '  ·  ')}
        </text>
        {yTicks.map((t) => (
          <>
            <line x1={left} x2={W - right} y1={fmtPx(y(t))} y2={fmtPx(y(t))} class={t === 0 ? 'baseline' : 'grid'} />
            <text x={left - 8} y={fmtPx(y(t) + 4)} text-anchor="end" class="tick">
              {formatShare(t, t < 0.1 && t > 0 && !Number.isInteger(t * 100) ? 1 : 0)}
            </text>
          </>
        ))}
        {xTicks.map((t) => (
          <line x1={fmtPx(x(t))} x2={fmtPx(x(t))} y1={plotTop} y2={plotBottom} class="grid" />
        ))}
        {band && med && (
          <rect x={fmtPx(band.x0)} y={plotTop} width={fmtPx(Math.max(1, band.x1 - band.x0))} height={plotH} fill={d.colour} opacity="0.12">
            <title>
              95% CI of the median: {formatTurns(med.low)}
              {DASH}
              {formatTurns(med.high)}
            </title>
          </rect>
        )}
        {shares[i].map((s, b) => {
          if (counts[i][b] === 0) return null;
          const isOverflow = binning.overflow && b === binning.bins;
          const bx = left + b * barW;
          const by = y(s);
          const lo = binning.start + b * binning.width;
          const range = isOverflow ? `${lo} or more` : binning.width === 1 ? `${lo}` : `${lo}${DASH}${lo + binning.width - 1}`;
          return (
            <rect
              x={fmtPx(bx + 0.5)}
              y={fmtPx(by)}
              width={fmtPx(Math.max(0.5, barW - 1))}
              height={fmtPx(plotBottom - by)}
              fill={isOverflow ? 'url(#hatch)' : d.colour}
              stroke={isOverflow ? d.colour : undefined}
            >
              <title>{`${a.agent}: certain at turn ${range} in ${counted(counts[i][b], 'seat-game')} (${formatShare(s)})`}</title>
            </rect>
          );
        })}
        {med !== null && (
          <>
            <line x1={fmtPx(x(med.estimate))} x2={fmtPx(x(med.estimate))} y1={plotTop - 4} y2={plotBottom} class="median" />
            <text x={fmtPx(x(med.estimate) + 5)} y={plotTop + 8} class="median-label">
              median {formatTurns(med.estimate)}
            </text>
          </>
        )}
        {d.certain === 0 && (
          <text x={left + plotW / 2} y={plotTop + plotH / 2} text-anchor="middle" class="empty">
            never certain in any seat-game
          </text>
        )}
      </g>
    );
  };

  return (
    <svg class="chart" viewBox={`0 0 ${W} ${fmtPx(H)}`} role="img" aria-labelledby="cert-title cert-desc" font-size="13">
      <title id="cert-title">Distribution of turns until certain of the solution, per agent</title>
      <desc id="cert-desc">
        One histogram per agent on shared axes: the share of the agent's seat-games in which it first became certain at each of its own turns, with the median and its 95% confidence interval marked.
      </desc>
      {binning.overflow && (
        <defs>
          <pattern id="hatch" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
            <rect width="6" height="6" fill="#fff" />
            <line x1="0" y1="0" x2="0" y2="6" stroke="#888" stroke-width="3" />
          </pattern>
        </defs>
      )}
      {data.map(panel)}
      {/* The shared x axis. */}
      {xTicks.map((t) => (
        <>
          <line x1={fmtPx(x(t))} x2={fmtPx(x(t))} y1={axisTop} y2={axisTop + 5} class="axis" />
          <text x={fmtPx(x(t))} y={axisTop + 19} text-anchor="middle" class="tick">
            {t}
          </text>
        </>
      ))}
      {binning.overflow && (
        <text x={fmtPx(overflowX)} y={axisTop + 19} text-anchor="middle" class="tick">
          {binning.start + binning.bins * binning.width}+
        </text>
      )}
      <text x={left + plotW / 2} y={axisTop + 44} text-anchor="middle" class="axis-title">
        The agent's own turns until it was certain of the solution
      </text>
    </svg>
  );
}

/** Companion view: the share of seat-games in which each agent was certain by turn t. */
function CumulativeChart({ data }: { data: CertaintyData[] }) {
  // From turn 1 to the last turn at which any agent became certain: every line reaches its final share.
  const minT = 1;
  const maxT = Math.max(10, lastTurn(data));
  const W = 1000;
  const H = 300;
  const left = 64;
  const right = 260; // room for the end labels: 22 characters and a share
  const top = 16;
  const bottom = 52;
  const plotW = W - left - right;
  const plotH = H - top - bottom;
  const x = (t: number): number => left + ((t - (minT - 1)) / (maxT - (minT - 1))) * plotW;
  const y = (s: number): number => top + (1 - s) * plotH;
  // Turns are whole numbers: never a tick between two of them.
  const step = Math.max(1, Math.round(niceStep((maxT - minT + 1) / 14)));
  const xTicks: number[] = [];
  for (let t = Math.ceil(minT / step) * step; t <= maxT; t += step) if (t >= minT) xTicks.push(t);

  // Step lines, then end labels placed without overlap.
  const lines: { d: CertaintyData; path: string }[] = [];
  const ends: { y: number; d: CertaintyData; share: number }[] = [];
  for (const d of data) {
    if (d.seatGames === 0) continue;
    let k = 0;
    let prevY = y(0);
    let path = `M${fmtPx(x(minT - 1))},${fmtPx(prevY)}`;
    for (const { turn, seatGames } of d.counts) {
      k += seatGames;
      const yy = y(k / d.seatGames);
      if (yy !== prevY) {
        path += `H${fmtPx(x(turn))}V${fmtPx(yy)}`;
        prevY = yy;
      }
    }
    path += `H${fmtPx(x(maxT))}`;
    lines.push({ d, path });
    ends.push({ y: prevY, d, share: k / d.seatGames });
  }
  ends.sort((a, b) => a.y - b.y);
  const labelYs: number[] = [];
  for (const e of ends) {
    const wanted = e.y + 4;
    labelYs.push(labelYs.length === 0 ? wanted : Math.max(wanted, labelYs[labelYs.length - 1] + 16));
  }
  // Push back up if the labels ran off the bottom.
  for (let i = labelYs.length - 1; i >= 0; i--) {
    const limit = i === labelYs.length - 1 ? top + plotH + 5 : labelYs[i + 1] - 16;
    labelYs[i] = Math.min(labelYs[i], limit);
  }
  return (
    <svg class="chart" viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby="cum-title" font-size="13">
      <title id="cum-title">Share of seat-games in which each agent was certain of the solution by each of its turns</title>
      {[0, 0.25, 0.5, 0.75, 1].map((t) => (
        <>
          <line x1={left} x2={left + plotW} y1={fmtPx(y(t))} y2={fmtPx(y(t))} class={t === 0 ? 'baseline' : 'grid'} />
          <text x={left - 8} y={fmtPx(y(t) + 4)} text-anchor="end" class="tick">
            {formatShare(t, 0)}
          </text>
        </>
      ))}
      {xTicks.map((t) => (
        <>
          <line x1={fmtPx(x(t))} x2={fmtPx(x(t))} y1={top} y2={top + plotH} class="grid" />
          <text x={fmtPx(x(t))} y={top + plotH + 19} text-anchor="middle" class="tick">
            {t}
          </text>
        </>
      ))}
      <text x={left + plotW / 2} y={H - 8} text-anchor="middle" class="axis-title">
        The agent's own turns
      </text>
      {lines.map(({ d, path }) => (
        <path d={path} fill="none" stroke={d.colour} stroke-width="2.5" stroke-linejoin="round">
          <title>{d.agent.agent}</title>
        </path>
      ))}
      {ends.map((e, i) => (
        <text x={left + plotW + 8} y={fmtPx(labelYs[i])} class="end-label" fill={e.d.colour}>
          <title>{e.d.agent.agent}</title>
          {`${abbreviate(e.d.agent.agent, 22)} ${formatShare(e.share, 0)}`}
        </text>
      ))}
    </svg>
  );
}

/** One row of a chart of rates: an agent, its rate with its interval (none: `empty` says why), an equal share to mark. */
interface RateRow {
  agent: string;
  rate: Interval | null;
  equalShare: number | null;
  /** The dot's tooltip. */
  tip: string;
  empty: string;
}

/** Rates with their 95% intervals, one row per agent: a dot, a bar, the equal share as a dashed tick. */
function RateChart({ rows, colours, id, title, axisTitle }: { rows: readonly RateRow[]; colours: Map<string, string>; id: string; title: string; axisTitle: string }) {
  const labelChars = Math.min(28, Math.max(6, ...rows.map((r) => r.agent.length)));
  const W = 1000;
  const left = 28 + labelChars * 8.6;
  const right = 170;
  const rowH = 34;
  const top = 12;
  const bottom = 48;
  const plotW = W - left - right;
  const H = top + rows.length * rowH + bottom;
  const maxHigh = Math.max(0.05, ...rows.map((r) => r.rate?.high ?? 0), ...rows.map((r) => r.equalShare ?? 0));
  const { ticks, top: xTop } = niceTicks(Math.min(1, maxHigh), 7);
  const x = (p: number): number => left + (p / xTop) * plotW;
  const plotBottom = top + rows.length * rowH;
  return (
    <svg class="chart" viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby={id} font-size="13">
      <title id={id}>{title}</title>
      {ticks.map((t) => (
        <>
          <line x1={fmtPx(x(t))} x2={fmtPx(x(t))} y1={top} y2={plotBottom} class={t === 0 ? 'baseline' : 'grid'} />
          <text x={fmtPx(x(t))} y={plotBottom + 18} text-anchor="middle" class="tick">
            {formatShare(t, 0)}
          </text>
        </>
      ))}
      <text x={left + plotW / 2} y={H - 8} text-anchor="middle" class="axis-title">
        {axisTitle}
      </text>
      {rows.map((r, i) => {
        const cy = top + i * rowH + rowH / 2;
        const colour = colours.get(r.agent)!;
        return (
          <>
            <text x={left - 12} y={fmtPx(cy + 4.5)} text-anchor="end" class="row-label">
              <title>{r.agent}</title>
              {abbreviate(r.agent, 28)}
            </text>
            {r.equalShare !== null && (
              <line x1={fmtPx(x(r.equalShare))} x2={fmtPx(x(r.equalShare))} y1={fmtPx(cy - 11)} y2={fmtPx(cy + 11)} class="fair">
                <title>Equal share: {formatShare(r.equalShare)}</title>
              </line>
            )}
            {r.rate !== null && (
              <>
                <line x1={fmtPx(x(r.rate.low))} x2={fmtPx(x(r.rate.high))} y1={fmtPx(cy)} y2={fmtPx(cy)} stroke={colour} stroke-width="3" />
                <line x1={fmtPx(x(r.rate.low))} x2={fmtPx(x(r.rate.low))} y1={fmtPx(cy - 6)} y2={fmtPx(cy + 6)} stroke={colour} stroke-width="2" />
                <line x1={fmtPx(x(r.rate.high))} x2={fmtPx(x(r.rate.high))} y1={fmtPx(cy - 6)} y2={fmtPx(cy + 6)} stroke={colour} stroke-width="2" />
                <circle cx={fmtPx(x(r.rate.estimate))} cy={fmtPx(cy)} r="6" fill={colour} stroke="#fff" stroke-width="1.5">
                  <title>{r.tip}</title>
                </circle>
              </>
            )}
            <text x={left + plotW + 12} y={fmtPx(cy + 4.5)} class="value-label">
              {r.rate !== null ? formatRateInterval(r.rate) : r.empty}
            </text>
          </>
        );
      })}
    </svg>
  );
}

/** Win rates with their 95% intervals; a grey tick marks each agent's equal share (1/players). */
function WinRateChart({ summary, colours }: { summary: Summary; colours: Map<string, string> }) {
  const rows = summary.agents.map((a) => ({
    agent: a.agent,
    rate: a.seatGames > 0 ? a.winRate : null,
    equalShare: a.equalShare,
    tip: `${a.agent}: ${formatRateInterval(a.winRate)} of ${counted(a.seatGames, 'seat-game')}`,
    empty: 'no seat-games',
  }));
  return <RateChart rows={rows} colours={colours} id="win-title" title="Win rate per agent with 95% confidence intervals" axisTitle="Win rate per seat-game (dot) with its 95% confidence interval (bar)" />;
}

/** A league: its agents ranked by their rating, each one's chance against average agents charted, the notes and the balance of the tables. */
function LeagueSection({ summary, colours }: { summary: Summary; colours: Map<string, string> }) {
  const league = summary.league!;
  const others = league.players - 1;
  const rating = (agent: string) => league.ratings.find((r) => r.agent === agent);
  const chartRows = summary.agents.map((a) => ({
    agent: a.agent,
    rate: rating(a.agent)?.chance ?? null,
    equalShare: 1 / league.players,
    tip: `${a.agent}: ${rating(a.agent) ? formatRateInterval(rating(a.agent)!.chance) : NONE} against ${counted(others, 'average agent')}`,
    empty: 'not rated',
  }));
  return (
    <section>
      <h2>League table</h2>
      <p class="note">
        The agents ranked by their strength in Luce's model of who wins a game, each estimate with its 95% interval beneath it. {tablesLine(league, summary.games)}
      </p>
      <figure>
        <RateChart
          rows={chartRows}
          colours={colours}
          id="league-title"
          title={`Chance to win against ${counted(others, 'average agent')}, with 95% intervals`}
          axisTitle={`Chance to win a game someone wins against ${counted(others, 'agent')} of average strength (dot) with its 95% interval (bar)`}
        />
      </figure>
      <div class="scroll">
        <table class="data league">
          <thead>
            <tr>
              <th scope="col">Rank</th>
              <th scope="col" class="left">
                Agent
              </th>
              <th scope="col">Strength</th>
              <th scope="col">vs {others} average</th>
              <th scope="col">Decided games</th>
              <th scope="col">Wins</th>
              <th scope="col">Win rate</th>
            </tr>
          </thead>
          <tbody>
            {summary.agents.map((a) => {
              const r = rating(a.agent);
              return (
                <tr>
                  <td>{r ? r.rank : NONE}</td>
                  <AgentHeader label={a.agent} colour={colours.get(a.agent)!} scope="row" />
                  {r ? (
                    <>
                      <EstimateCell estimate={formatSigned(r.strength.estimate)} bounds={`${formatSigned(r.strength.low)}, ${formatSigned(r.strength.high)}`} />
                      <RateCell interval={r.chance} />
                      <td>{formatCount(r.decidedGames)}</td>
                      <td>{formatCount(r.wins)}</td>
                    </>
                  ) : (
                    <>
                      <td class="na">{NONE}</td>
                      <td class="na">{NONE}</td>
                      <td>0</td>
                      <td>0</td>
                    </>
                  )}
                  <RateCell interval={a.winRate} />
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {leagueNotes(league, summary.unsolvedGames).map((note) => (
        <p class="note">{note}</p>
      ))}
    </section>
  );
}

/** A table cell: the estimate, and under it, smaller, its 95% interval. */
function EstimateCell({ estimate, bounds }: { estimate: string; bounds: string }) {
  return (
    <td>
      <span class="est">{estimate}</span>
      <span class="ci">{bounds}</span>
    </td>
  );
}

function RateCell({ interval }: { interval: Interval }) {
  return <EstimateCell estimate={formatShare(interval.estimate)} bounds={formatRateBounds(interval)} />;
}

function MeanCell({ interval }: { interval: Interval | null }) {
  if (interval === null) return <td class="na">{NONE}</td>;
  return <EstimateCell estimate={formatTurnsDecimal(interval.estimate)} bounds={`${formatTurnsDecimal(interval.low)}${DASH}${formatTurnsDecimal(interval.high)}`} />;
}

function MedianCell({ interval }: { interval: Interval | null }) {
  if (interval === null) return <td class="na">{NONE}</td>;
  return <EstimateCell estimate={formatTurns(interval.estimate)} bounds={`${formatTurns(interval.low)}${DASH}${formatTurns(interval.high)}`} />;
}

/** A label with break opportunities after its commas and colons (between an agent's options). */
function Breakable({ label }: { label: string }) {
  return <>{label.split(/(?<=[,:])/).flatMap((part, i) => (i === 0 ? [part] : [<wbr />, part]))}</>;
}

/** An agent's name in a table: its swatch, then the name, wrapping between options when long (the full name also in a tooltip). */
function AgentHeader({ label, colour, scope }: { label: string; colour: string; scope: 'row' | 'col' }) {
  return (
    <th scope={scope} class="agent" title={label}>
      <div class="name">
        <span class="swatch" style={`background:${colour}`}></span>
        <span>
          <Breakable label={label} />
        </span>
      </div>
    </th>
  );
}

/** An agent's faults: how many, and by kind beneath (illegal, timeout, crash). */
function FaultsCell({ agent: a }: { agent: AgentSummary }) {
  const total = faultCount(a.faults);
  if (total === 0) return <td>0</td>;
  const kinds = FAULT_KINDS.flatMap((kind) => (a.faults[kind] === 0 ? [] : [`${formatCount(a.faults[kind])} ${kind}`]));
  return <EstimateCell estimate={formatCount(total)} bounds={kinds.join(', ')} />;
}

/** The summary table; with `faults` (a run whose agents from outside failed), their counts in a last column. */
function SummaryTable({ summary, colours, faults }: { summary: Summary; colours: Map<string, string>; faults: boolean }) {
  return (
    <table class="data summary">
      <thead>
        <tr>
          <th rowSpan={2} scope="col" class="left">
            Agent
          </th>
          <th rowSpan={2} scope="col">
            Games
          </th>
          <th rowSpan={2} scope="col">
            Seat-games
          </th>
          <th rowSpan={2} scope="col">
            Wins
          </th>
          <th rowSpan={2} scope="col">
            Win rate
          </th>
          <th colSpan={2} scope="colgroup" class="group">
            Turns to win
          </th>
          <th colSpan={2} scope="colgroup" class="group">
            Turns to certain
          </th>
          <th rowSpan={2} scope="col">
            Certain
          </th>
          <th rowSpan={2} scope="col">
            Wrong
            <br />
            accusations
          </th>
          {faults && (
            <th rowSpan={2} scope="col">
              <a href="#faults">Faults</a>
            </th>
          )}
        </tr>
        <tr>
          <th scope="col">mean</th>
          <th scope="col">median</th>
          <th scope="col">mean</th>
          <th scope="col">median</th>
        </tr>
      </thead>
      <tbody>
        {summary.agents.map((a) => (
          <tr>
            <AgentHeader label={a.agent} colour={colours.get(a.agent)!} scope="row" />
            <td>{formatCount(a.games)}</td>
            <td>{formatCount(a.seatGames)}</td>
            <td>{formatCount(a.wins)}</td>
            <RateCell interval={a.winRate} />
            <MeanCell interval={a.meanTurnsToWin} />
            <MedianCell interval={a.medianTurnsToWin} />
            {a.certainRate === null ? (
              [0, 1, 2].map(() => (
                <td class="na" title={`${a.agent} does not report when it is certain`}>
                  {NOT_REPORTED}
                </td>
              ))
            ) : (
              <>
                <MeanCell interval={a.meanTurnsToCertain} />
                <MedianCell interval={a.medianTurnsToCertain} />
                <RateCell interval={a.certainRate} />
              </>
            )}
            <td>{formatCount(a.wrongAccusations)}</td>
            {faults && <FaultsCell agent={a} />}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Each agent's decision times, in the order of the summary's rows: measured, so apart from the rest (its own section). */
function DecisionTimeSection({ summary, colours, rows }: { summary: Summary; colours: Map<string, string>; rows: readonly DecisionTimeRow[] }) {
  const row = (agent: string) => rows.find((r) => r.agent === agent);
  return (
    <section id="decision-time">
      <h2>Decision time</h2>
      <p class="note">
        The wall time an agent took to decide (for a program, the round trip of a request): the median and the 95th percentile of one decision, read to a bin 26% wide, and the time of its decisions in a
        game, on average over its seat-games. Measured, so it varies from run to run and machine to machine, unlike everything else on this page.
      </p>
      <div class="scroll">
        <table class="data">
          <thead>
            <tr>
              <th rowSpan={2} scope="col" class="left">
                Agent
              </th>
              <th rowSpan={2} scope="col">
                Decisions
              </th>
              <th colSpan={2} scope="colgroup" class="group">
                One decision
              </th>
              <th rowSpan={2} scope="col">
                Per game
              </th>
            </tr>
            <tr>
              <th scope="col">median</th>
              <th scope="col">95th percentile</th>
            </tr>
          </thead>
          <tbody>
            {summary.agents.map((a) => (
              <tr>
                <AgentHeader label={a.agent} colour={colours.get(a.agent)!} scope="row" />
                <td>{formatCount(row(a.agent)?.decisions ?? 0)}</td>
                <td>{formatMs(row(a.agent)?.medianMs ?? null)}</td>
                <td>{formatMs(row(a.agent)?.p95Ms ?? null)}</td>
                <td>{formatMs(row(a.agent)?.msPerGame ?? null)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** A cell tint on a blue (row wins) – orange (row loses) scale, light enough for dark text. */
function shareTint(share: number): string {
  const t = Math.min(1, Math.abs(share - 0.5) * 2);
  const [r, g, b] = share >= 0.5 ? [0, 114, 178] : [230, 159, 0];
  const alpha = (0.08 + 0.32 * t).toFixed(2);
  return `rgba(${r},${g},${b},${alpha})`;
}

function HeadToHeadTable({ summary, colours }: { summary: Summary; colours: Map<string, string> }) {
  const labels = summary.agents.map((a) => a.agent);
  const cell = (a: string, b: string) => {
    if (a === b) return <td class="diag">·</td>;
    const e = summary.headToHead[a]?.[b];
    if (e === undefined || e.share === null) return <td class="na">{NONE}</td>;
    const tip = `${a} won ${formatCount(e.won)} of the ${counted(e.games, 'game')} won by ${a} or ${b}: ${formatRateInterval(e.share)}`;
    return (
      <td style={`background:${shareTint(e.share.estimate)}`} title={tip}>
        <span class="est">
          {formatShare(e.share.estimate)} <span class="n">({formatCount(e.games)})</span>
        </span>
        <span class="ci">{formatRateBounds(e.share)}</span>
      </td>
    );
  };
  return (
    <table class="data h2h">
      <thead>
        <tr>
          <th scope="col" class="left corner">
            row beats column
          </th>
          {labels.map((b) => (
            <AgentHeader label={b} colour={colours.get(b)!} scope="col" />
          ))}
        </tr>
      </thead>
      <tbody>
        {labels.map((a) => (
          <tr>
            <AgentHeader label={a} colour={colours.get(a)!} scope="row" />
            {labels.map((b) => cell(a, b))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const STYLE = `
:root { color-scheme: light; --text: #1d232b; --muted: #5a6470; --rule: #d9dee4; --grid: #e9ecf0; --bg: #ffffff; --panel: #f6f8fa; }
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--text); font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
main { max-width: 1080px; margin: 0 auto; padding: 32px 28px 56px; }
h1 { font-size: 28px; line-height: 1.25; margin: 0 0 6px; letter-spacing: -0.01em; }
h2 { font-size: 19px; margin: 40px 0 4px; }
p.lede { color: var(--muted); margin: 0 0 18px; }
p.note { color: var(--muted); margin: 2px 0 14px; font-size: 14px; }
dl.details { display: grid; grid-template-columns: repeat(auto-fill, minmax(200px, 1fr)); gap: 10px 24px; margin: 18px 0 8px; padding: 14px 18px; background: var(--panel); border: 1px solid var(--rule); border-radius: 8px; }
dl.details div { min-width: 0; }
dl.details dt { font-size: 12px; text-transform: uppercase; letter-spacing: 0.05em; color: var(--muted); }
dl.details dd { margin: 0; font-weight: 600; overflow-wrap: anywhere; }
figure { margin: 12px 0 0; }
svg.chart { display: block; width: 100%; height: auto; font-family: inherit; }
svg .grid { stroke: var(--grid); stroke-width: 1; }
svg .baseline, svg .axis { stroke: #8a939d; stroke-width: 1; }
svg .tick { fill: var(--muted); font-size: 12.5px; font-variant-numeric: tabular-nums; }
svg .axis-title { fill: var(--text); font-size: 13.5px; }
svg .panel-title { fill: var(--text); font-size: 15px; font-weight: 650; }
svg .panel-facts { fill: var(--muted); font-size: 13.5px; font-variant-numeric: tabular-nums; }
svg .strong { fill: var(--text); font-weight: 650; }
svg .median { stroke: var(--text); stroke-width: 2; stroke-dasharray: 5 3; }
svg .median-label { fill: var(--text); font-size: 12.5px; font-weight: 600; paint-order: stroke; stroke: #fff; stroke-width: 3px; stroke-linejoin: round; }
svg .empty { fill: var(--muted); font-style: italic; }
svg .row-label { fill: var(--text); font-size: 14px; font-weight: 600; }
svg .value-label { fill: var(--text); font-size: 13.5px; font-variant-numeric: tabular-nums; }
svg .end-label { font-size: 13.5px; font-weight: 650; }
svg .fair { stroke: #6b7280; stroke-width: 2; stroke-dasharray: 2 2; }
.legend { display: flex; flex-wrap: wrap; gap: 6px 18px; color: var(--muted); font-size: 13.5px; margin: 4px 0 0; }
.legend .key { display: inline-block; vertical-align: middle; margin-right: 6px; }
.key.band { width: 18px; height: 12px; background: rgba(0,114,178,0.15); border: 1px solid rgba(0,114,178,0.3); }
.key.dash { width: 20px; border-top: 2px dashed var(--text); }
.key.hatch { width: 18px; height: 12px; border: 1px solid #888; background: repeating-linear-gradient(45deg, #fff 0 2px, #999 2px 4px); }
.key.fairkey { width: 2px; height: 14px; border-left: 2px dashed #6b7280; }
.two { display: grid; grid-template-columns: 1fr; gap: 8px; }
.scroll { overflow-x: auto; }
table.data { border-collapse: collapse; margin: 12px 0 4px; font-variant-numeric: tabular-nums; font-size: 14px; white-space: nowrap; }
table.data th, table.data td { padding: 7px 12px; text-align: right; border-bottom: 1px solid var(--rule); }
table.data thead th { font-size: 12.5px; font-weight: 600; color: var(--muted); vertical-align: bottom; border-bottom: 2px solid #b8c0c8; }
table.data thead th.group { text-align: center; border-bottom: 1px solid var(--rule); color: var(--text); }
table.data th.left, table.data tbody th { text-align: left; }
table.data tbody th { font-weight: 600; }
table.data tbody tr:hover { background: #f3f6f9; }
table.data .est { display: block; font-weight: 600; }
table.data .ci { display: block; font-size: 12px; color: var(--muted); }
table.data td.na { color: #9aa3ad; }
table.h2h td { min-width: 120px; }
table.data th.agent { white-space: normal; overflow-wrap: break-word; min-width: 7em; max-width: 16em; }
table.data thead th.agent { min-width: 10em; max-width: 12em; }
table.data th.agent .name { display: flex; align-items: baseline; }
table.data thead th.agent .name { justify-content: flex-end; text-align: right; }
table.data th.agent .swatch { flex: none; }
ul.methods { color: var(--muted); font-size: 14px; padding-left: 20px; margin: 6px 0 0; }
ul.methods li { margin: 4px 0; }
ul.methods b { color: var(--text); font-weight: 600; }
table.h2h td.diag, table.h2h td.na { color: #9aa3ad; text-align: center; }
table.faults td.left, table.faults th.left { text-align: left; }
table.faults td.reply, table.faults td.problem { white-space: normal; overflow-wrap: anywhere; min-width: 14em; max-width: 30em; }
table.faults code { font-size: 12.5px; }
table.faults .n, table.faults .none { color: var(--muted); font-size: 12.5px; }
h3 { font-size: 16px; margin: 22px 0 0; }
table.h2h .n { color: var(--muted); font-size: 12.5px; }
.swatch { display: inline-block; width: 11px; height: 11px; border-radius: 2px; margin-right: 8px; vertical-align: -1px; }
footer { margin-top: 40px; color: var(--muted); font-size: 13px; border-top: 1px solid var(--rule); padding-top: 12px; }
@media print { main { max-width: none; padding: 0; } h2 { break-after: avoid; } figure, table { break-inside: avoid; } }
`;

/** How the intervals are computed, for the notes of the report (and the README says the same). */
function Methods() {
  return (
    <ul class="methods">
      <li><b>The game is the unit.</b> Seats of one game are not independent (exactly one of them wins), so every per-seat figure is a ratio of sums over games, r = Σx<sub>g</sub> / Σn<sub>g</sub> (for a win rate, x<sub>g</sub> is the agent's wins in game g and n<sub>g</sub> its seats), with the cluster-robust (sandwich) variance Σ(x<sub>g</sub> − r·n<sub>g</sub>)² / (Σn<sub>g</sub>)² · G/(G − 1) over the G games that contribute.</li>
      <li><b>Win rates and the certain share</b>: Wilson's interval at the effective sample size n<sub>eff</sub> = r(1 − r) / variance, with Student's t quantile for G − 1 degrees of freedom in place of z. At 0% or 100% the games are the trials (Wilson at n = G); a variance of exactly zero (a table of identical agents wins 1/players by construction) gives the point itself; a single game, the whole range.</li>
      <li><b>Means</b> of turns: the ratio of sums with a t interval for G − 1 degrees of freedom, G the games in which the agent had such a turn count.</li>
      <li><b>Medians</b>: Woodruff's interval: the standard error s of the empirical distribution function at the median (a ratio over games, with the same variance) gives [Q(½ − t·s), Q(½ + t·s)], Q the empirical quantiles.</li>
      <li><b>Head-to-head</b>: games are independent, so a Wilson interval over the games won by either agent.</li>
      <li><b>Ranges</b>: intervals stay within what the quantity can take: rates within [0, 100%], turns at least 1; ∞ marks an interval open above (a single game, or the upper quantile beyond the data).</li>
    </ul>
  );
}

/** How a league's strengths are computed, after the other notes. */
function LeagueMethod() {
  return (
    <ul class="methods">
      <li><b>League strengths</b>: in Luce's model a game someone wins is won by a seat of agent i with a chance proportional to its strength e<sup>θ<sub>i</sub></sup>. The strengths are those that make the games someone won most likely, read from the wins at each table composition, with a weak prior (every agent also wins and loses half a game against a fictitious agent of strength 1, so that the fit always exists), fitted by Hunter's MM algorithm. They are centred to mean 0 over the agents with a finite strength; their intervals are θ ± 1.96 standard errors from the inverse of the observed information. An agent that won none of the games someone won at its tables (or all of them) has no finite strength: its interval is open below (above), its finite end the strength at which that result (every one of those games lost, or won) would have had a chance of 2.5%, the others' strengths fixed (as Clopper and Pearson's interval for a proportion of 0 or 1). The chance against average agents is e<sup>θ</sup> / (e<sup>θ</sup> + players − 1), its interval the strength's mapped.</li>
    </ul>
  );
}

/** The request of a fault as a reader finds it: "suggest request 3", or the method of a module agent. */
function requestText(record: FaultRecord): string {
  return record.request.id === undefined ? record.request.type : `${record.request.type} ${record.request.id}`;
}

/** One agent's faults kept with their reasons: the request, the reply (as much of it as was kept) and what was wrong. */
function FaultReasons({ agent: a }: { agent: AgentSummary }) {
  const total = faultCount(a.faults);
  const kept = a.faultReasons ?? [];
  return (
    <>
      <h3>
        {a.agent}: {kept.length < total ? `the first ${kept.length} of ${formatCount(total)} faults` : total === 1 ? 'its fault' : `its ${formatCount(total)} faults`}
      </h3>
      <div class="scroll">
        <table class="data faults">
          <thead>
            <tr>
              <th scope="col">Game</th>
              <th scope="col">Seat</th>
              <th scope="col" class="left">
                Fault
              </th>
              <th scope="col" class="left">
                Request
              </th>
              <th scope="col" class="left">
                Reply
              </th>
              <th scope="col" class="left">
                What was wrong
              </th>
            </tr>
          </thead>
          <tbody>
            {kept.map((f) => (
              <tr>
                <td>{f.game}</td>
                <td>P{f.seat}</td>
                <td class="left">{f.kind}</td>
                <td class="left">{requestText(f)}</td>
                <td class="left reply">
                  {f.reply === undefined ? (
                    <span class="none">{NONE}</span>
                  ) : (
                    <>
                      <code>{oneLine(f.reply)}</code>
                      {f.replyBytes !== undefined && (
                        <>
                          {' '}
                          <span class="n">
                            (first {REPLY_BYTES_KEPT} of {formatCount(f.replyBytes)} bytes)
                          </span>
                        </>
                      )}
                    </>
                  )}
                </td>
                <td class="left problem">{oneLine(f.problem)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** Agents from outside that failed: their faults by kind, and the first of them with their reasons. */
function FaultsSection({ summary, colours }: { summary: Summary; colours: Map<string, string> }) {
  const faulty = summary.agents.filter((a) => faultCount(a.faults) > 0);
  return (
    <section>
      <h2 id="faults">Faults of agents from outside</h2>
      <p class="note">
        A seat whose agent answered illegally, not in time (timeout) or not at all (crash) left that game, which went on without it. Games are numbered from 0, as in the JSON and in the requests'{' '}
        <code>gameId</code>; a request is its type and its id. The summary keeps the first {FAULT_REASONS_KEPT} faults of each agent; where the JSON has every game's record (a run's <code>--json</code>, or
        shards kept with <code>--keep-games</code>), each has its own (<code>games[].seatResults[].faultReason</code>).
      </p>
      <div class="scroll">
        <table class="data">
          <thead>
            <tr>
              <th scope="col" class="left">
                Agent
              </th>
              {FAULT_KINDS.map((kind) => (
                <th scope="col">{kind.charAt(0).toUpperCase() + kind.slice(1)}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {faulty.map((a) => (
              <tr>
                <AgentHeader label={a.agent} colour={colours.get(a.agent)!} scope="row" />
                {FAULT_KINDS.map((kind) => (
                  <td>{formatCount(a.faults[kind])}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {faulty.map((a) => (
        <FaultReasons agent={a} />
      ))}
    </section>
  );
}

/** On a board: where suggestions were made (a heat map of the board), and each agent's walking. */
function BoardSection({ summary, colours }: { summary: Summary; colours: Map<string, string> }) {
  return (
    <section>
      <h2>On the board</h2>
      <p class="note">Where suggestions were made: each room shaded by its share of all suggestions (darker: more). Doors are outlined, start cells dotted, secret passages dashed.</p>
      <figure>
        <BoardHeatMap suggestions={summary.suggestionsByRoom!} />
      </figure>
      <p class="note">
        Turns moving: the share of an agent's turns that ended on a corridor cell, entering no room and so making no suggestion. Rooms visited: the different rooms its pawn entered in a game. Each with its
        95% confidence interval beneath.
      </p>
      <div class="scroll">
        <table>
          <thead>
            <tr>
              <th scope="col">Agent</th>
              <th scope="col">Turns moving</th>
              <th scope="col">Rooms visited</th>
            </tr>
          </thead>
          <tbody>
            {summary.agents
              .filter((a) => a.movingShare !== undefined)
              .map((a) => (
                <tr>
                  <AgentHeader label={a.agent} colour={colours.get(a.agent)!} scope="row" />
                  <RateCell interval={a.movingShare!} />
                  <MeanCell interval={a.meanRoomsVisited ?? null} />
                </tr>
              ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** How long until each agent knew the solution: its histograms and the share certain by each turn (or why there are none). */
function CertaintySections({ summary, data, certainty }: { summary: Summary; data: CertaintyData[]; certainty: string | null }) {
  if (data.length === 0) {
    return (
      <section>
        <h2>How long until each agent knew the solution</h2>
        <p class="note">{certainty ?? ''}</p>
      </section>
    );
  }
  const silent = summary.agents.filter((a) => !a.reportsCertainty).map((a) => a.agent);
  const binning = binningOf(pooledCounts(data));
  const overflowFrom = binning.overflow ? binning.start + binning.bins * binning.width : null;
  return (
    <>
      <section>
        <h2>How long until each agent knew the solution</h2>
        <p class="note">
          For each agent, the share of its seat-games in which it first became certain of the solution at each of its own turns (bars share one scale). The dashed line marks the median, the tinted band its 95%
          confidence interval. Beside each agent's name: the median with its interval, the mean, and the share of its seat-games in which it never became certain.
        </p>
        {silent.length > 0 && (
          <p class="note">
            Not charted here or below: {joinList(silent)}, which {silent.length === 1 ? 'does not report when it is' : 'do not report when they are'} certain (see the note under the summary table).
          </p>
        )}
        <figure>
          <CertaintyChart data={data} binning={binning} />
        </figure>
        <div class="legend">
          <span>
            <span class="key dash"></span>median
          </span>
          <span>
            <span class="key band"></span>95% CI of the median
          </span>
          {overflowFrom !== null && (
            <span>
              <span class="key hatch"></span>
              {formatCount(overflowFrom)} turns or more
            </span>
          )}
        </div>
      </section>
      <section>
        <h2>
          Certain by turn <i>t</i>
        </h2>
        <p class="note">
          The share of each agent's seat-games in which it was certain by each of its turns, up to the last turn at which any agent became certain; the label gives the final share.
        </p>
        <figure>
          <CumulativeChart data={data} />
        </figure>
      </section>
    </>
  );
}

/** The whole page. */
function Report({ summary, title, details, decisionTimes }: { summary: Summary; title: string; details: [string, string][]; decisionTimes?: readonly DecisionTimeRow[] }) {
  const colours = agentColours(summary.agents.map((a) => a.agent));
  const seatGames = summary.agents.reduce((sum, a) => sum + a.seatGames, 0);
  const certainty = certaintyNote(summary.agents);
  const faulty = summary.agents.some((a) => faultCount(a.faults) > 0);
  return (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        {/* A constant of this module, not data: the one text put in as it is (a style sheet's quotes must stay quotes). */}
        <style dangerouslySetInnerHTML={{ __html: STYLE }} />
      </head>
      <body>
        <main>
          <header>
            <h1>{title}</h1>
            <p class="lede">{`${counted(summary.games, 'simulated game')}, ${counted(seatGames, 'seat-game')}, ${counted(summary.agents.length, 'agent')}.`}</p>
            <dl class="details">
              {details.map(([k, v]) => (
                <div>
                  <dt>{k}</dt>
                  <dd>{v}</dd>
                </div>
              ))}
            </dl>
          </header>
          {summary.league && <LeagueSection summary={summary} colours={colours} />}
          <CertaintySections summary={summary} data={certaintyData(summary, colours)} certainty={certainty} />
          <section>
            <h2>Win rates</h2>
            <p class="note">
              Wins per seat-game with a 95% confidence interval over games (see the notes below). The dashed grey tick is the agent's equal share of wins, 1 / players averaged over its seat-games.
            </p>
            <figure>
              <WinRateChart summary={summary} colours={colours} />
            </figure>
          </section>
          <section>
            <h2>Summary</h2>
            <p class="note">
              Each estimate with its 95% confidence interval beneath it. Games: the games in which the agent had a seat, the independent units of every interval. Turns are the agent's own turns; turns to
              certain are over the seat-games in which it became certain.
            </p>
            <div class="scroll">
              <SummaryTable summary={summary} colours={colours} faults={faulty} />
            </div>
            {certainty !== null && <p class="note">{certainty}</p>}
          </section>
          {decisionTimes && <DecisionTimeSection summary={summary} colours={colours} rows={decisionTimes} />}
          {faulty && <FaultsSection summary={summary} colours={colours} />}
          {summary.agents.length >= 2 && (
            <section>
              <h2>Head-to-head</h2>
              <p class="note">
                Among the games with both agents seated and won by one of them, the share won by the row agent (number of such games in parentheses), its 95% Wilson interval beneath. Blue: the row agent won
                more; orange: fewer.
              </p>
              <div class="scroll">
                <HeadToHeadTable summary={summary} colours={colours} />
              </div>
            </section>
          )}
          {summary.suggestionsByRoom && <BoardSection summary={summary} colours={colours} />}
          <section>
            <h2>Notes: how the intervals are computed</h2>
            <Methods />
            {summary.league && <LeagueMethod />}
          </section>
          <footer>Generated by cluedo {summary.league ? 'league' : 'simulate'}. Self-contained page: no scripts, no network.</footer>
        </main>
      </body>
    </html>
  );
}

/**
 * One self-contained HTML page (inline CSS and SVG; no scripts, fonts or network): the run
 * details, the distribution of turns to certainty per agent, win rates, the summary and the
 * head-to-head tables, and how the intervals are computed. Agents are coloured by name. With
 * `options.decisionTimes`, their section follows the summary table.
 */
export function renderHtmlReport(unranked: Summary, title: string, details: Record<string, string> = {}, options: { decisionTimes?: readonly DecisionTimeRow[] } = {}): string {
  // A league's agents in the order of their ratings throughout.
  const summary: Summary = { ...unranked, agents: rankedAgents(unranked) };
  // The games and the unsolved ones from the summary, unless the details say them (a run's "games" says of how many).
  const detailEntries = Object.entries({
    ...details,
    games: details.games ?? formatCount(summary.games),
    'unsolved games': `${formatCount(summary.unsolvedGames)}${summary.games ? ` (${formatShare(summary.unsolvedGames / summary.games)})` : ''}`,
  });
  return `<!DOCTYPE html>\n${renderToString(<Report summary={summary} title={title} details={detailEntries} decisionTimes={options.decisionTimes} />)}\n`;
}
