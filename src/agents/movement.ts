// How an agent moves on the board. One mechanism for every agent: each room has a value (what a
// suggestion there is worth to the agent now), and the agent heads for the best value per turn,
// counting the expected turns to get there (pawn-free paths, the dice's distribution, passages
// and staying after a summons taking one turn). Agents differ only in how they value rooms: 1 for
// a room worth suggesting in (the "nearest useful room"), or the best expected information of a
// suggestion naming the room (the entropy agent).
import { ROOMS } from '../game/board/classic.js';
import { expectedTurnsTable, isRoomPlace, passageOut, roomIndex, stepsToRoom, type BoardRules, type Place } from '../game/board/movement.js';
import type { BoardSituation, SyncMovementPolicy } from '../game/agent.js';
import type { SeatView } from '../game/seat-view.js';
import type { KnowledgeModel } from './knowledge.js';

/** Per room (ROOMS order), what suggesting there is worth now; 0 for nothing. */
export type RoomValues = (view: SeatView, board: BoardSituation) => readonly number[];

/** Heads for the room of highest value per expected turn; ties go to the first option (rooms in board order, then cells). */
export function movementPolicy(values: RoomValues): SyncMovementPolicy {
  let table: Float64Array | null = null;
  const turnsFor = (rules: BoardRules) => (table ??= expectedTurnsTable(rules));
  /** Best value per turn of walking on from `place` (this turn spent): rooms entered now cost this turn only. */
  const rateFrom = (place: Place, value: readonly number[], rules: BoardRules, spent: number): number => {
    const turns = turnsFor(rules);
    let best = 0;
    ROOMS.forEach((room, r) => {
      if (value[r] <= 0 || room === place) return;
      const steps = stepsToRoom(place, room, rules);
      if (steps < 0) return;
      best = Math.max(best, value[r] / (spent + turns[Math.min(steps, turns.length - 1)]));
    });
    return best;
  };
  const argmax = <T>(options: readonly T[], rate: (o: T) => number): T => {
    let best = options[0];
    let bestRate = -1;
    for (const o of options) {
      const r = rate(o);
      if (r > bestRate + 1e-12) [best, bestRate] = [o, r];
    }
    return best;
  };
  return {
    open(view, board, options) {
      const here = board.pawns[view.me];
      const value = values(view, board);
      return argmax(options, (o) => {
        if (o === 'stay') return value[roomIndex(here as (typeof ROOMS)[number])];
        if (o === 'passage') return value[roomIndex(passageOut(here)!)];
        return rateFrom(here, value, board.rules, 0);
      });
    },
    walk(view, board, destinations) {
      const here = board.pawns[view.me];
      const value = values(view, board);
      return argmax(destinations, (to) => (isRoomPlace(to) && to !== here ? value[roomIndex(to)] : rateFrom(to, value, board.rules, 1)));
    },
  };
}

/** Every room alike: the nearest room wins (an agent without knowledge). */
export const anyRoom: RoomValues = () => ROOMS.map(() => 1);

/**
 * The rooms worth a suggestion by what the agent knows: those whose card may still be in the
 * envelope; once the envelope's room is known, that room and the rooms whose cards it holds,
 * where nobody can answer with the room and the suggestion tests only the other cards.
 */
export function usefulRooms(knowledge: KnowledgeModel): RoomValues {
  return (view, board) => {
    const { roomCard, roomCategory } = board.binding;
    const possible = knowledge.envelopeOptions(view)[roomCategory];
    if (possible.length > 1) return roomCard.map((card) => (possible.includes(card) ? 1 : 0));
    return roomCard.map((card) => (possible.includes(card) || view.myHand.includes(card) ? 1 : 0));
  };
}
