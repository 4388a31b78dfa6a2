// What one thread keeps between the tasks it runs (a worker thread, a Web Worker, or the calling
// thread for an InProcessExecutor): its Wasm core, and the positions and epistemic engines last
// built, so that the tasks of a request (and of requests that alternate, the advisor's suggestions
// and opponents, say) build each once. Both caches are bounded and keyed by a hash of what a value
// was built from (runtime/keyed-cache.ts).
import type { Game } from '../model/game.js';
import type { ConstraintStore } from '../knowledge/constraints.js';
import { DEFAULT_MAX_NODES, KnowledgeCore, type Position } from '../knowledge/wasm-core.js';
import { FullSizeEngine } from '../epistemic/full-size.js';
import { KeyedCache } from '../runtime/keyed-cache.js';

/** Positions kept: a few requests' worth. */
export const POSITIONS_KEPT = 4;
/** DAG nodes the kept positions may hold together, an eighth of the largest DAG built (the newest is kept whatever its size). */
export const POSITION_NODES_KEPT = DEFAULT_MAX_NODES / 8;
/** Epistemic engines kept (each keeps positions of its own). */
export const ENGINES_KEPT = 2;

export class ThreadContext {
  readonly positions = new KeyedCache<ConstraintStore, Position>({
    capacity: POSITIONS_KEPT,
    size: (position) => position.dagSize().nodes,
    budget: POSITION_NODES_KEPT,
    dispose: (position) => position.dispose(),
  });
  readonly engines = new KeyedCache<[Game, number], FullSizeEngine>({ capacity: ENGINES_KEPT, dispose: (engine) => engine.dispose() });

  /** The thread's Wasm core: the one KnowledgeCore.shared() gives everything in this thread. */
  get core(): KnowledgeCore {
    return KnowledgeCore.shared();
  }

  /** The position of a consistent store, built once; throws when no deal is consistent with it. */
  position(store: ConstraintStore): Position {
    return this.positions.getOrMake(store, () => {
      const position = this.core.load(store);
      if (!position.consistent) {
        position.dispose();
        throw new Error('no deal is consistent with the constraints');
      }
      return position;
    });
  }

  /** Keeps a consistent position built elsewhere in this thread for the tasks of its store, which own it from now on. */
  adopt(position: Position): void {
    this.positions.set(position.store, position);
  }

  /** The full-size epistemic engine of a game at event `at`, built once. */
  engine(game: Game, at: number): FullSizeEngine {
    return this.engines.getOrMake([game, at], () => new FullSizeEngine(game, at));
  }
}

/** This thread's context. */
export const threadContext = new ThreadContext();
