// How the game is played: with the cards only, or on the board (then the suggestions panel also
// ranks the rooms from the pawn). Chosen in the setup, and switched on the game page at any time;
// kept with the game beside its log (the log format has no field for it).
import type { ComponentChildren } from 'preact';

export function PlayMode({ board, onChange, children }: { board: boolean; onChange: (board: boolean) => void; children?: ComponentChildren }) {
  return (
    <fieldset class="mode" data-role="mode">
      <legend>How you play</legend>
      <label class="inline"><input type="radio" name="board" value="no" checked={!board} onChange={() => onChange(false)} /> Cards only</label>
      <label class="inline"><input type="radio" name="board" value="yes" checked={board} onChange={() => onChange(true)} /> On the board</label>
      {children}
    </fieldset>
  );
}
