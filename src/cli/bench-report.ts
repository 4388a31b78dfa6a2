// What `cluedo bench` prints for people: the machine, the table of figures with what each
// workload is, and the comparison of two runs (new/old per figure).
import { shorten } from '../model/quote.js';
import { layoutTable, type Column } from '../tournament/text-report.js';
import type { Figure } from './bench-measure.js';
import type { BenchRow, BenchRun, Machine } from './bench-run.js';

/** A rate to three significant digits, thousands as "k", millions as "M", billions as "G": "46.1M", "1,040", "58.0". */
export function formatRate(rate: number): string {
  const r = Number(rate.toPrecision(3));
  if (r >= 1e9) return `${(r / 1e9).toPrecision(3)}G`;
  if (r >= 1e6) return `${(r / 1e6).toPrecision(3)}M`;
  if (r >= 1e4) return `${(r / 1e3).toPrecision(3)}k`;
  if (r >= 1e3) return r.toLocaleString('en-US');
  return r.toPrecision(3);
}

/** A ratio with two decimals: "1.87×". */
export function formatRatio(ratio: number): string {
  return `${ratio.toFixed(2)}×`;
}

/** A figure and its spread, the slowest round's rate to the fastest's (which hold the figure between them): "46.1M [45.2M–46.8M]". */
function figureCell(f: Figure): string {
  return `${formatRate(f.rate)} [${formatRate(f.min)}–${formatRate(f.max)}]`;
}

const NONE = '—';

/** The load average over the last minute at the start, with what it means for the figures: "3.60 (2 cores): a busy machine …". */
function loadWords(machine: Machine): string {
  const minute = machine.loadAverage[0] ?? 0;
  // Half the cores busy already: the workloads share the machine.
  const busy = minute >= machine.cores / 2;
  return `${minute.toFixed(2)} (${machine.cores} cores)${busy ? ': a busy machine gives lower figures than an idle one' : ''}`;
}

/** The machine in one line: "2 × Intel(R) Xeon(R) CPU, 7.8 GiB, Linux 6.1.0 x64, Node v22.12.0". */
function machineWords(machine: Machine): string {
  return `${machine.cores} × ${machine.cpu}, ${(machine.memoryBytes / 2 ** 30).toFixed(1)} GiB, ${machine.os}, Node ${machine.node}`;
}

/** The label of a row: its workload, and its log when it has one (a long path shortened). */
export function rowLabel(row: Pick<BenchRow, 'id' | 'log'>): string {
  return row.log === null ? row.id : `${shorten(row.log)}: ${row.id}`;
}

/** The run for people: the machine, the table of figures, what each workload is, how to read the figures. */
export function renderRun(run: BenchRun): string {
  const rows = run.workloads;
  // The pool's columns, when some figure ran on one.
  const threads = rows.find((r) => r.allThreads !== null)?.allThreads?.threads ?? 1;
  const pooled = threads > 1;
  const columns: Column[] = [
    { header: 'workload', align: 'left', cells: rows.map(rowLabel) },
    { header: 'unit', align: 'left', cells: rows.map((r) => r.unit) },
    { header: '1 thread', align: 'right', cells: rows.map((r) => figureCell(r.oneThread)) },
    ...(pooled
      ? ([
          { header: `${threads} threads`, align: 'right', cells: rows.map((r) => (r.allThreads === null ? NONE : figureCell(r.allThreads))) },
          { header: 'ratio', align: 'right', cells: rows.map((r) => (r.ratio === null ? NONE : formatRatio(r.ratio))) },
        ] as Column[])
      : []),
  ];
  const ratio = pooled ? ` Ratio: ${threads} threads (a worker pool) over 1 (this thread).` : '';
  const lines = [
    `cluedo ${run.cluedo} on ${machineWords(run.machine)}`,
    `Load average at the start: ${loadWords(run.machine)}.`,
    '',
    ...(rows.length === 0 ? ['No workload measured.'] : layoutTable(columns)),
    '',
    ...rows.map((r) => `${rowLabel(r)}: ${r.what}.`),
    ...run.skipped.map((s) => `${shorten(s.log)}: no ${s.kind}: ${s.why}.`),
    '',
    `Each figure is the rate over ${run.seconds} s of timed rounds after a warm-up; in brackets, the slowest and the fastest round's rates.${ratio}`,
  ];
  return lines.join('\n');
}

/** A side of a comparison: a run and the name it goes by ("old.json", "this run"). */
export interface Side {
  name: string;
  run: BenchRun;
}

/** One line of the comparison: a workload's figure on one or all threads, in either run or both. */
export interface ComparedFigure {
  label: string;
  unit: string;
  /** "1", "2", or "8 → 2" when the runs' pools differ. */
  threads: string;
  old: number | null;
  new: number | null;
  /** new / old, when both have the figure. */
  ratio: number | null;
}

/** Every figure of either run, the new run's order first, then those only the old has. */
export function compareRuns(old: BenchRun, now: BenchRun): ComparedFigure[] {
  const key = (r: BenchRow) => JSON.stringify([r.id, r.log]);
  const oldRows = new Map(old.workloads.map((r) => [key(r), r]));
  const newRows = new Map(now.workloads.map((r) => [key(r), r]));
  const keys = [...new Set([...newRows.keys(), ...oldRows.keys()])];
  return keys.flatMap((k) => {
    const [o, n] = [oldRows.get(k), newRows.get(k)];
    const row = (n ?? o)!;
    const figures = (r: BenchRow | undefined) => [r?.oneThread ?? null, r?.allThreads ?? null];
    const [oldFigures, newFigures] = [figures(o), figures(n)];
    return [0, 1].flatMap((i) => {
      const [before, after] = [oldFigures[i], newFigures[i]];
      if (before === null && after === null) return [];
      const threads = [...new Set([before?.threads, after?.threads].filter((t) => t !== undefined))].join(' → ');
      return [{ label: rowLabel(row), unit: row.unit, threads, old: before?.rate ?? null, new: after?.rate ?? null, ratio: before && after ? after.rate / before.rate : null }];
    });
  });
}

/** The comparison for people: each side's machine and version, then new/old per figure. */
export function renderComparison(old: Side, now: Side): string {
  const figures = compareRuns(old.run, now.run);
  const missing = (f: ComparedFigure) => `not in ${shorten(f.old === null ? old.name : now.name)}`;
  const columns: Column[] = [
    { header: 'workload', align: 'left', cells: figures.map((f) => f.label) },
    { header: 'threads', align: 'right', cells: figures.map((f) => f.threads) },
    { header: 'unit', align: 'left', cells: figures.map((f) => f.unit) },
    { header: 'old', align: 'right', cells: figures.map((f) => (f.old === null ? NONE : formatRate(f.old))) },
    { header: 'new', align: 'right', cells: figures.map((f) => (f.new === null ? NONE : formatRate(f.new))) },
    { header: 'new/old', align: 'right', cells: figures.map((f) => (f.ratio === null ? missing(f) : formatRatio(f.ratio))) },
  ];
  const side = (which: string, s: Side) => `${which}: ${shorten(s.name)}, cluedo ${s.run.cluedo}, ${s.run.date.slice(0, 16).replace('T', ' ')}, ${machineWords(s.run.machine)}, load average ${loadWords(s.run.machine)}`;
  return [side('old', old), side('new', now), '', ...(figures.length === 0 ? ['No workload in either run.'] : layoutTable(columns))].join('\n');
}
