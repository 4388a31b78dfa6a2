// An open game: what a player at the table keeps while the game goes on. It reads the log once,
// builds the position (the deal DAG) once, and answers everything from them: the notebook, the
// best suggestions, why a cell is certain, what the opponents know. A new entry makes the next
// open game, its position conditioned on the entry's facts rather than built again; an entry
// that leaves no deal is refused with the contradiction in words, and the game stays as it was.
import type { Game } from '../model/game.js';
import { InputError } from '../model/errors.js';
import { gameOf, parseGame, type GameLog, type GameLogEvent, type LogWords } from '../io/log.js';
import { gameToLog } from '../io/write-log.js';
import type { KnowledgeCore, Position } from '../knowledge/wasm-core.js';
import { factsOf } from '../knowledge/constraints-of.js';
import { analysisOf, DEFAULT_ANALYSIS_SAMPLES, DEFAULT_SEED, worldsOf, type Analysis } from './analyze.js';
import { positionOf, sharedCore } from './load.js';
import { explain, type Explanation, type Question } from './explain.js';
import { ContradictionError, gameContradiction } from './contradiction.js';
import { suggestAt, suggestionRequest, type SuggestOptions, type SuggestResult } from './suggest.js';
import { opponents, type Opponents, type OpponentsOptions } from './opponents.js';
import { opponentTask } from './opponent-tasks.js';

export class OpenGame implements Disposable {
  readonly game: Game;
  readonly #core: KnowledgeCore;
  /** The position of the whole log: built on first use (or given by the game this one follows). */
  #position: Position | null;
  #analysis: Analysis | null = null;

  /**
   * Opens a game (its log as JSON, or a parsed game). Throws InputError on a bad log, and on one
   * that leaves no deal. `position`: the game's position when the caller has it (then this open
   * game owns it).
   */
  constructor(input: GameLog | Game, options: { core?: KnowledgeCore; position?: Position } = {}) {
    this.game = gameOf(input);
    this.#core = options.core ?? sharedCore();
    this.#position = options.position ?? null;
    this.position(); // an impossible log is refused now, not at the first question
  }

  /** The game's position (the deal DAG of every consistent deal), kept: do not dispose it. */
  position(): Position {
    this.#position ??= positionOf(this.#core, this.game, 'tryLoad');
    return this.#position;
  }

  /** The log, as docs/game-log.md writes it. */
  log(): GameLog {
    return gameToLog(this.game);
  }

  /**
   * The game after one more entry: the whole log checked again (names, turns, what a full record
   * allows), the position conditioned on the entry's facts. Throws ContradictionError, naming the
   * events it conflicts with, when the entry leaves no deal; this game is unchanged either way.
   * `words`: how messages name the entry's parts and the observer's hand, when the entry was not
   * written as JSON (LogWords).
   */
  with(event: GameLogEvent, options: { words?: LogWords } = {}): OpenGame {
    const { game, position } = this.#after(event, options.words);
    if (position !== null && !position.consistent) {
      position.dispose();
      throw new ContradictionError(gameContradiction(game, this.#core)!);
    }
    return new OpenGame(game, { core: this.#core, ...(position !== null && { position }) });
  }

  /**
   * Whether `with(event)` would take the entry: the log reader accepts it and a deal is left. It
   * decides exactly what `with` decides, without the search for the words of a refusal, so an
   * entry form can leave out the answers that the log already rules out. When this game's
   * position is too large to condition, `with` cannot tell either, and the entry is allowed.
   */
  allows(event: GameLogEvent): boolean {
    let after: { position: Position | null };
    try {
      after = this.#after(event);
    } catch (e) {
      if (e instanceof InputError) return false;
      throw e;
    }
    if (after.position === null) return true;
    try {
      return after.position.consistent;
    } finally {
      after.position.dispose();
    }
  }

  /** The game after one more entry (checked by the log reader), and its position conditioned on the entry's facts when this game's position can be. */
  #after(event: GameLogEvent, words?: LogWords): { game: Game; position: Position | null } {
    const log = this.log();
    const game = parseGame({ ...log, events: [...(log.events ?? []), event] }, { words });
    const previous = this.position();
    const position = previous.status === 'consistent' ? previous.withAll(factsOf(game.events.at(-1)!, game.players.length, game)) : null;
    return { game, position };
  }

  /** The detective's notebook (analyze's answer), computed once: exact when it fits, else estimated. */
  analysis(): Analysis {
    if (this.#analysis === null) {
      // The worlds own a child of the kept position (the same DAG, no restriction).
      using worlds = worldsOf(this.#core, this.game, 'auto', DEFAULT_ANALYSIS_SAMPLES, DEFAULT_SEED, { position: this.position().withAll([]) });
      this.#analysis = analysisOf(this.game, worlds);
    }
    return this.#analysis;
  }

  /** The observer's suggestions, ranked as suggest() ranks them (on `executor` when given). */
  suggestions(options: Omit<SuggestOptions, 'core'> = {}): Promise<SuggestResult> {
    return suggestAt(this.game, this.position(), suggestionRequest(this.game, options), options);
  }

  /** Why a cell of the notebook is certain (explain()). */
  explain(question: Question): Explanation {
    return explain(this.game, question, { core: this.#core });
  }

  /**
   * What the other seats know (opponents()). With an executor the whole computation is one task
   * on it (task module analysis/opponent-tasks), so that the caller's thread never waits for it.
   */
  async opponents(options: OpponentsOptions = {}): Promise<Opponents | null> {
    const { executor, signal, ...rest } = options;
    if (executor === undefined) return opponents(this.game, rest);
    return executor.run(opponentTask.opponents, { game: this.game, options: rest }, { signal });
  }

  /** Frees the position's memory in the core. */
  dispose(): void {
    this.#position?.dispose();
    this.#position = null;
  }

  [Symbol.dispose](): void {
    this.dispose();
  }
}
