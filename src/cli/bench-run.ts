// A run of `cluedo bench` as data: the shape of its JSON (docs/cli/bench.md documents it), the
// machine it ran on, and a run read back from a file for --compare, checked.
import { cpus, loadavg, release, totalmem, type as osType } from 'node:os';
import * as z from 'zod';
import { InputError } from '../model/errors.js';
import { quote } from '../model/quote.js';
import { readRegularFile } from '../io/log-file.js';
import { jsonPath } from '../tournament/file-schemas.js';
import type { Figure } from './bench-measure.js';

export const WORKLOAD_KINDS = ['check', 'analyze', 'sample', 'decide', 'games'] as const;
export type WorkloadKind = (typeof WORKLOAD_KINDS)[number];

/** A workload a log's position leaves out, and why: a line under the table. */
export interface Skipped {
  log: string;
  kind: WorkloadKind;
  why: string;
}

export const BENCH_FORMAT = 'cluedo-bench';
/** The version of the JSON's shape: a reader refuses another. */
export const BENCH_VERSION = 1;

export interface Machine {
  /** The model of the first CPU, as the system names it. */
  cpu: string;
  cores: number;
  memoryBytes: number;
  node: string;
  /** The system, its release and the architecture: "Linux 6.1.0 x64". */
  os: string;
  /** The load average over 1, 5 and 15 minutes when the run started (all 0 where the system keeps none: Windows). */
  loadAverage: number[];
}

/** A figure and the threads it ran on. */
export interface BenchFigure extends Figure {
  threads: number;
}

/** One workload's figures. */
export interface BenchRow {
  id: string;
  /** Its kind (check, analyze, sample, decide, games). */
  kind: WorkloadKind;
  /** The log it worked on (--log, as given), or null for a standard workload. */
  log: string | null;
  what: string;
  unit: string;
  /** The consistent deals of its position, when it has one (a whole number, every digit written). */
  consistentDeals: bigint | number | null;
  oneThread: BenchFigure;
  /** On a pool's threads, for a workload that runs in parallel; else null. */
  allThreads: BenchFigure | null;
  /** allThreads' rate over oneThread's, or null. */
  ratio: number | null;
}

/** A run of `cluedo bench`, as --json prints it. */
export interface BenchRun {
  format: typeof BENCH_FORMAT;
  version: typeof BENCH_VERSION;
  /** The version of cluedo-engine that ran it. */
  cluedo: string;
  /** When it started (ISO 8601). */
  date: string;
  machine: Machine;
  /** The time budget of each figure's timed rounds (--time). */
  seconds: number;
  /** Stopped by Ctrl-C (or another ending signal): the workloads are those that finished. */
  interrupted: boolean;
  workloads: BenchRow[];
  /** What a log's position leaves out. */
  skipped: Skipped[];
}

/** The machine this process runs on, and its load now. */
export function thisMachine(): Machine {
  const cores = cpus();
  return {
    cpu: cores[0]?.model.trim() ?? 'unknown',
    cores: cores.length,
    memoryBytes: totalmem(),
    node: process.version,
    os: `${osType()} ${release()} ${process.arch}`,
    loadAverage: loadavg(),
  };
}

const positive = z.number().positive();
const figure = z.object({
  rate: positive,
  q1: positive,
  q3: positive,
  min: positive,
  max: positive,
  rounds: z.number().int().min(1),
  units: positive,
  seconds: positive,
  threads: z.number().int().min(1),
});
const runSchema = z.object({
  format: z.literal(BENCH_FORMAT),
  version: z.literal(BENCH_VERSION),
  cluedo: z.string(),
  date: z.string(),
  machine: z.object({ cpu: z.string(), cores: z.number().int().min(1), memoryBytes: z.number().min(0), node: z.string(), os: z.string(), loadAverage: z.array(z.number().min(0)) }),
  seconds: positive,
  interrupted: z.boolean(),
  workloads: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(WORKLOAD_KINDS),
      log: z.string().nullable(),
      what: z.string(),
      unit: z.string(),
      consistentDeals: z.number().int().min(0).nullable(),
      oneThread: figure,
      allThreads: figure.nullable(),
      ratio: positive.nullable(),
    }),
  ),
  skipped: z.array(z.object({ log: z.string(), kind: z.enum(WORKLOAD_KINDS), why: z.string() })),
});

/** A run's JSON holds a few hundred bytes per workload: a larger file is not one. */
const MAX_BENCH_BYTES = 16 * 1024 * 1024;

/** The run in a file --json wrote; an InputError naming the file and what is wrong (the JSON path of the first problem) otherwise. */
export function readBenchRun(file: string): BenchRun {
  const text = readRegularFile(file, 'bench file', MAX_BENCH_BYTES).toString('utf8');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new InputError(`bench file ${quote(file)} is not valid JSON: ${(e as Error).message}`);
  }
  const name = quote(file);
  const field = (key: string) => (typeof json === 'object' && json !== null ? (json as Record<string, unknown>)[key] : undefined);
  if (field('format') !== BENCH_FORMAT) throw new InputError(`${name}: not a bench file (format: "${BENCH_FORMAT}" expected, as cluedo bench --json writes it)`);
  if (field('version') !== BENCH_VERSION) {
    throw new InputError(`${name}: a bench file of version ${JSON.stringify(field('version')) ?? 'none'}, but this cluedo reads version ${BENCH_VERSION}: measure both sides with versions that write it`);
  }
  const parsed = runSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new InputError(`${name}: ${jsonPath(issue.path) || '(top level)'}: ${issue.message}`);
  }
  return parsed.data as BenchRun;
}
