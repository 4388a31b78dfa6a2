// The events of the game, each in words, with what a player does when one was entered wrongly:
// edit it (the entry form takes it) or delete it.
import { eventSentence } from '../../io/describe.js';
import type { Game } from '../../model/game.js';

export function EventList({ game, editing, onEdit, onDelete }: { game: Game; editing: number | null; onEdit: (index: number) => void; onDelete: (index: number) => void }) {
  const n = game.events.length;
  return (
    <details class="events-panel">
      <summary>Events ({n}): edit or delete any</summary>
      <ol class="events" data-view="events">
        {game.events.map((_, i) => (
          <li key={i} data-event={i + 1} class={editing === i ? 'editing' : ''}>
            <span><b class="n">{i + 1}.</b> {eventSentence(game, i, { at: false })}</span>
            <span class="event-actions">
              <button type="button" data-action="edit-event" aria-label={`Edit event ${i + 1}`} onClick={() => onEdit(i)} disabled={editing === i}>Edit</button>
              <button type="button" data-action="delete-event" aria-label={`Delete event ${i + 1}`} onClick={() => onDelete(i)}>Delete</button>
            </span>
          </li>
        ))}
      </ol>
    </details>
  );
}
