// What happened, and who sees it. Applying an action yields events in full; each seat sees either
// the whole event or its public part (a refuted suggestion without the card shown).
import type { GameEvent } from '../../model/game.js';

export type TableEvent =
  | { readonly visibility: 'public'; readonly event: GameEvent }
  | {
      readonly visibility: 'private';
      readonly event: GameEvent;
      /** The seats that see the whole event. */
      readonly seenBy: readonly number[];
      /** What every other seat sees. */
      readonly publicPart: GameEvent;
    };

/** `seat`'s view of an event. */
export function eventSeenBy(tableEvent: TableEvent, seat: number): GameEvent {
  return tableEvent.visibility === 'public' || tableEvent.seenBy.includes(seat) ? tableEvent.event : tableEvent.publicPart;
}
