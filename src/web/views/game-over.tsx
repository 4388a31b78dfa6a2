// The end of a won game: who won, and with which accusation. The game takes no more turns, but its
// events can still be edited or deleted, and Undo works: whatever takes the win back reopens it.
import { cardsInWords, seatInWords } from '../../io/describe.js';
import type { Game } from '../../model/game.js';
import type { AccusationEvent } from '../../model/events.js';
import { capital } from './format.js';

/** `event` (0-based) is the game's correct accusation (model/rules.ts winningAccusation). */
export function GameOver({ game, event }: { game: Game; event: number }) {
  const accusation = game.events[event] as AccusationEvent;
  return (
    <div class="game-over" data-view="game-over" data-winner={game.players[accusation.by]} role="status">
      <p><strong>{capital(seatInWords(game, accusation.by))} won</strong>, accusing {cardsInWords(game, accusation.cards)} correctly (event {event + 1}).</p>
      <p class="note">The game takes no more turns. To correct it, edit or delete an event below, or Undo; <i>New game</i> starts the next game at this table.</p>
    </div>
  );
}
