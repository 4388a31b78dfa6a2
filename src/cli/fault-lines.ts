// The faults of agents from outside on standard error, for the person running the command: the
// first few as they happen (as each batch of games comes back, from whichever thread played it),
// one line each naming the agent, the game and the seat, the request, what was wrong and the
// reply; then one line saying how many more there were and where to read them. The lines come in
// the order the games finished (which depends on the threads); each fault is counted exactly once.
import type { FaultKind, FaultReason } from '../game/agent.js';
import type { GameResult } from '../tournament/results.js';
import { FAULT_REASONS_KEPT, faultCount, type Summary } from '../tournament/types.js';
import { oneLine } from '../model/quote.js';
import { counted } from '../model/numbers.js';

/** The faults printed one by one; the others are counted in the last line. */
export const FAULT_LINES_SHOWN = 5;

const HOW: Record<FaultKind, string> = { illegal: 'illegal reply to', timeout: 'timeout on', crash: 'crash on' };

/**
 * One fault in one line. The reply ends it, as received (at most the 200 bytes a reason keeps),
 * its control characters escaped: quoting a JSON reply would escape every quote in it.
 */
export function faultLine(agent: string, game: number, seat: number, kind: FaultKind, reason: FaultReason | undefined): string {
  const where = `agent ${agent}, game ${game}, seat P${seat}`;
  if (reason === undefined) return `${where}: ${kind}`;
  const { type, id } = reason.request;
  const request = id === undefined ? type : `request ${id} (${type})`;
  const reply = reason.reply === undefined ? '' : `; it replied: ${oneLine(reason.reply)}${reason.replyBytes === undefined ? '' : `… (${reason.replyBytes.toLocaleString('en-US')} bytes)`}`;
  return `${where}: ${HOW[kind]} ${request}: ${oneLine(reason.problem)}${reply}`;
}

/**
 * Where the faults not printed can be read, from the outputs asked for (option and path):
 * `everyGame` when a --json file would hold every game's record (a run, or shards kept with their games).
 */
export function faultsWhere(outputs: readonly { option: string; path: string }[], everyGame: boolean): string {
  const json = outputs.find((o) => o.option === '--json')?.path;
  const report = outputs.find((o) => o.option === '--report')?.path;
  if (json !== undefined && everyGame) return `every one is in ${json} (games[].seatResults[].faultReason)`;
  const kept = `the first ${FAULT_REASONS_KEPT} of each agent`;
  const files = [json, report].filter((f) => f !== undefined);
  if (files.length > 0) return `${kept} are in ${files.join(' and ')}${everyGame ? '; --json FILE writes every one' : ''}`;
  return everyGame ? '--json FILE writes every one' : `--json FILE or --report FILE writes ${kept}`;
}

export class FaultLines {
  #shown = 0;
  #more = 0;

  /**
   * `print` writes one line (printLine, or a progress display's way of writing under its bar);
   * `where` ends the last line: where every fault, or the first of each agent, can be read.
   */
  constructor(
    private readonly print: (line: string) => void,
    private readonly where: string,
  ) {}

  /** The faults of a batch of finished games. */
  games(batch: readonly GameResult[]): void {
    for (const game of batch) for (const seat of game.seatResults) if (seat.fault !== undefined) this.#add(() => faultLine(seat.agent, game.game, seat.seat, seat.fault!, seat.faultReason));
  }

  /** The faults of a summary (merged shards): those it keeps, in game order, and the count of the others. */
  summary(summary: Summary): void {
    for (const row of summary.agents) {
      const kept = row.faultReasons ?? [];
      for (const f of kept) this.#add(() => faultLine(row.agent, f.game, f.seat, f.kind, f));
      this.#more += faultCount(row.faults) - kept.length;
    }
  }

  /** After the run: how many faults were not shown, and where to read them (nothing when every one was shown). */
  finish(): void {
    if (this.#more > 0) this.print(`${counted(this.#more, 'more fault')} of agents from outside, not shown: ${this.where}`);
  }

  #add(line: () => string): void {
    if (this.#shown < FAULT_LINES_SHOWN) {
      this.#shown++;
      this.print(line());
    } else this.#more++;
  }
}
