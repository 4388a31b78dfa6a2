// A game as a game log (docs/game-log.md): what `simulate --logs` writes and `analyze` reads back.
import type { Game } from '../model/game.js';

export function gameToLog(game: Game): Record<string, unknown> {
  const card = (c: number) => game.deck.cards[c];
  const player = (p: number) => game.players[p];
  return {
    deck: Object.fromEntries(game.deck.categories.map((c) => [c.name, [...c.cards]])),
    players: [...game.players],
    handSizes: [...game.handSizes],
    faceUp: game.faceUp.map(card),
    ...(game.me === null ? {} : { me: player(game.me), myHand: game.myHand.map(card) }),
    events: game.events.map((e) =>
      e.type === 'accusation'
        ? { type: 'accusation', by: player(e.by), cards: e.cards.map(card), correct: e.correct }
        : {
            type: 'suggestion',
            by: player(e.by),
            cards: e.cards.map(card),
            shownBy: e.shownBy === null ? null : player(e.shownBy),
            ...(e.shown === null ? {} : { shown: card(e.shown) }),
          },
    ),
  };
}
