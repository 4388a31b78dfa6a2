// The best suggestions, and on the board the rooms ranked by what a suggestion there is worth per
// turn; the switch between the card game and the board.
import type { SuggestResult } from '../../analysis/suggest.js';
import type { Game } from '../../model/game.js';
import type { PawnInput } from '../board-advice.js';
import { BoardRooms } from './board-rooms.js';
import type { Timed } from './format.js';
import { PlayMode } from './play-mode.js';

export function SuggestionsView({ suggestions, game, board, pawn, onPawn, onBoard }: { suggestions: Timed<SuggestResult> | null; game: Game; board: boolean; pawn: PawnInput; onPawn: (p: PawnInput) => void; onBoard: (board: boolean) => void }) {
  if (game.me === null) return null;
  const names = (cards: number[]) => cards.map((c) => game.deck.cards[c]);
  const result = suggestions?.result;
  return (
    <section class="suggestions" aria-labelledby="sg-h" data-view="suggestions" data-workers={suggestions?.workers}>
      <h2 id="sg-h">Best suggestions</h2>
      <PlayMode board={board} onChange={onBoard} />
      {board && <BoardRooms suggestions={suggestions} game={game} pawn={pawn} onPawn={onPawn} />}
      {suggestions === null ? (
        <p>Scoring…</p>
      ) : !result ? (
        <p>{suggestions.reason}</p>
      ) : result.accuse ? (
        <p>The envelope is certain: accuse {names(result.accuse).join(', ')}.</p>
      ) : (
        <>
          {board && <h3>Every room alike</h3>}
          <ol class="ranking">
            {result.suggestions.slice(0, 10).map((s) => (
              <li key={s.cards.join()} data-cards={names(s.cards).join('|')} data-bits={String(s.expectedInformationBits)}>
                {names(s.cards).join(', ')} <b>{s.expectedInformationBits.toFixed(3)} bits</b>
              </li>
            ))}
          </ol>
          <p class="note">
            Entropy-greedy, {result.method === 'exact' ? `exact over ${result.deals?.toLocaleString('en-US')} deals` : `from ${result.samples?.toLocaleString('en-US')} samples, seed ${result.seed}`} · {suggestions.ms.toFixed(0)} ms on {suggestions.workers} workers
          </p>
        </>
      )}
    </section>
  );
}
