// Why an entry or an edit was refused, beyond the message: the events it conflicts with, and the
// entries most likely wrong (the fewest whose removal leaves a deal), each one a button away from
// being edited.
import type { Contradiction } from '../../analysis/contradiction.js';

export interface Refusal {
  contradiction: Contradiction;
  /** What was refused: a new entry (numbered as it would have been), an edit or a deletion of an event; null for undo/redo. */
  entry: { kind: 'new' | 'edit' | 'delete'; event: number } | null;
}

export function RefusalView({ refusal, onEdit }: { refusal: Refusal; onEdit: (index: number) => void }) {
  const { contradiction, entry } = refusal;
  const mine = (event: number) => entry !== null && entry.kind !== 'delete' && entry.event === event;
  const label = (event: number) => (mine(event) ? (entry!.kind === 'new' ? 'this entry' : `event ${event} as edited`) : `event ${event}`);
  return (
    <section class="refusal" data-view="refusal" aria-labelledby="refusal-h">
      <h2 id="refusal-h">Nothing was changed</h2>
      {contradiction.conflicts.length > 0 && (
        <>
          <p>No deal is left after this event: {contradiction.sentence}. It conflicts with:</p>
          <ul data-role="conflicts">{contradiction.conflicts.map((e) => <li key={e.event} data-event={e.event}>{e.sentence}</li>)}</ul>
          {!contradiction.conflictsComplete && <p class="note">Maybe with others too: the search for them ran out of its budget.</p>}
        </>
      )}
      {contradiction.corrections.sets.length > 0 && (
        <>
          <p>Most likely wrong, fewest first (leave out one of these and a deal is left):</p>
          <ol data-role="corrections">
            {contradiction.corrections.sets.map((set) => (
              <li key={set.map((e) => e.event).join()} data-events={set.map((e) => e.event).join(',')}>
                {set.map((e, k) => (
                  <span key={e.event}>
                    {k > 0 && ' and '}
                    {mine(e.event) ? <b>{label(e.event)}</b> : <button type="button" class="link" data-action="edit-event" data-event={e.event} onClick={() => onEdit(e.event - 1)}>{label(e.event)}</button>}
                  </span>
                ))}
              </li>
            ))}
          </ol>
          {!contradiction.corrections.complete && <p class="note">Larger sets, or more of them, may also restore a deal.</p>}
        </>
      )}
    </section>
  );
}
