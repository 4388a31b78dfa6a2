// Number formatting shared by the reports.
import type { Interval } from './types.js';
import { joinList } from '../model/quote.js';

export const DASH = '–';
/** No such value: the agent never won, never became certain. */
export const NONE = '—';
/** A figure that does not apply: the agent does not report certainty (it is unknown, not zero). */
export const NOT_REPORTED = 'n/a';

/** 0.3124 → "31.2%". */
export function formatShare(p: number, digits = 1): string {
  return `${(100 * p).toFixed(digits)}%`;
}

/** A rate's interval bounds in percent: "28.9–33.6". */
export function formatRateBounds(interval: Interval): string {
  return `${(100 * interval.low).toFixed(1)}${DASH}${(100 * interval.high).toFixed(1)}`;
}

/** A rate with its interval: "31.2% [28.9–33.6]". */
export function formatRateInterval(interval: Interval): string {
  return `${formatShare(interval.estimate)} [${formatRateBounds(interval)}]`;
}

/** A number of turns with one decimal (or `digits`); an open bound as "∞". */
export function formatTurnsDecimal(x: number, digits = 1): string {
  return x === Infinity ? '∞' : x.toFixed(digits);
}

/** Turns: whole numbers as such, others with one decimal; an open bound as "∞". */
export function formatTurns(x: number): string {
  if (x === Infinity) return '∞';
  return Number.isInteger(x) ? String(x) : x.toFixed(1);
}

/** A mean with its interval, one decimal (or `digits`): "14.3 [13.9–14.7]"; "—" for null. */
export function formatMeanInterval(interval: Interval | null, digits = 1): string {
  if (interval === null) return NONE;
  const f = (x: number) => formatTurnsDecimal(x, digits);
  return `${f(interval.estimate)} [${f(interval.low)}${DASH}${f(interval.high)}]`;
}

/** A median with its interval: "14 [13–15]"; "—" for null. */
export function formatMedianInterval(interval: Interval | null): string {
  if (interval === null) return NONE;
  return `${formatTurns(interval.estimate)} [${formatTurns(interval.low)}${DASH}${formatTurns(interval.high)}]`;
}

/**
 * Why a row's certainty is "n/a", naming its agents: one sentence for the notes under a table, or
 * null when every agent reports certainty.
 */
export function certaintyNote(agents: readonly { agent: string; reportsCertainty: boolean }[]): string | null {
  const silent = agents.filter((a) => !a.reportsCertainty).map((a) => a.agent);
  if (silent.length === 0) return null;
  const one = silent.length === 1;
  return (
    `${NOT_REPORTED}: ${joinList(silent)} ${one ? 'does' : 'do'} not report when ${one ? 'it is' : 'they are'} certain of the solution ` +
    `(a program without the protocol's "certain" extension), so ${one ? 'its' : 'their'} turns to certain and certain share are unknown, not zero.`
  );
}

/** A duration in milliseconds, to two significant digits (whole from 100 on): "0.41 ms", "2.0 ms", "12 ms", "1,234 ms"; "—" for null. */
export function formatMs(ms: number | null): string {
  if (ms === null) return NONE;
  return `${ms >= 99.5 ? formatCount(Math.round(ms)) : ms.toPrecision(2)} ms`;
}

export function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}

/** Shortens a label to at most `max` characters by an ellipsis in the middle, keeping its start and its end (where options and roles are). */
export function abbreviate(label: string, max: number): string {
  const chars = [...label];
  if (chars.length <= max) return label;
  const head = Math.ceil((max - 1) / 2);
  const tail = max - 1 - head;
  return `${chars.slice(0, head).join('')}…${tail > 0 ? chars.slice(chars.length - tail).join('') : ''}`;
}

/** A signed number with two decimals, "+0.83", "-1.20", "0.00" for zero, "-∞" and "+∞". */
export function formatSigned(x: number): string {
  if (!Number.isFinite(x)) return x > 0 ? '+∞' : '-∞';
  const text = Math.abs(x).toFixed(2);
  return Number(text) === 0 ? '0.00' : `${x < 0 ? '-' : '+'}${text}`;
}

/** A log-strength with its interval: "+0.83 [+0.52, +1.14]" (a comma, since the bounds carry signs). */
export function formatStrengthInterval(interval: Interval): string {
  return `${formatSigned(interval.estimate)} [${formatSigned(interval.low)}, ${formatSigned(interval.high)}]`;
}
