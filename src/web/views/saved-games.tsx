// The games kept in this browser: when each last changed, its players and turns, who won a game
// that is over; open one (the current game stays in the list), download its log, or forget it.
import { downloadName, gameSummary, logHref, winnerOf, type SavedGame } from '../saved-games.js';

export function SavedGamesView({ games, current, onOpen, onForget, onClose }: { games: SavedGame[]; current: string | undefined; onOpen: (game: SavedGame) => void; onForget: (game: SavedGame) => void; onClose: () => void }) {
  return (
    <section class="saved-games" data-view="games" aria-labelledby="games-h">
      <h2 id="games-h">Saved games</h2>
      {games.length === 0 ? (
        <p>No game is saved in this browser yet.</p>
      ) : (
        <ul>
          {games.map((g) => {
            const winner = winnerOf(g.log);
            return (
            <li key={g.id} data-game={g.id} data-current={String(g.id === current)} data-turns={String(g.log.events?.length ?? 0)} data-winner={winner ?? undefined}>
              <span class="when">{new Date(g.savedAt).toLocaleString()}</span>
              <span class="what">{gameSummary(g.log)}{g.board ? ' · board' : ''}{winner !== null && <> · <b>won by {winner}</b></>}{g.id === current ? ' · current' : ''}</span>
              <span class="game-actions">
                {g.id !== current && <button type="button" data-action="open-game" onClick={() => onOpen(g)}>Open</button>}
                <a class="button" data-action="download-game" download={downloadName(g.savedAt)} href={logHref(g.log)}>Download</a>
                {g.id !== current && <button type="button" data-action="forget-game" onClick={() => onForget(g)}>Delete</button>}
              </span>
            </li>
            );
          })}
        </ul>
      )}
      <button type="button" onClick={onClose}>Close</button>
    </section>
  );
}
