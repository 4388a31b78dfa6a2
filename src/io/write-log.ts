// A game as a game log (docs/game-log.md): what `simulate --logs` writes and `analyze` reads back.
import { type Game } from '../model/game.js';
import { ownerName, ownersOf } from '../model/owners.js';
import { nonStandardVariants, RULE_VARIANTS, type Rules } from '../model/rules.js';
import type { GameLog, GameLogEvent } from './log.js';
import { type GameEvent } from '../model/events.js';

export function gameToLog(game: Game): GameLog {
  const card = (c: number) => game.deck.cards[c];
  const player = (p: number) => game.players[p];
  const { rules, deal } = game;
  const defaultRules = nonStandardVariants(rules).length === 0;
  const variants = Object.fromEntries(Object.keys(RULE_VARIANTS).map((key) => [key, rules[key as keyof typeof RULE_VARIANTS]])) as Omit<Rules, 'handQuotas'>;
  const quotas = rules.handQuotas === null ? null : game.deck.categories.flatMap((c, g) => (rules.handQuotas![g] === null ? [] : [[c.name, rules.handQuotas![g]]]));
  const held = (owner: number) => (deal ?? []).flatMap((o, c) => (o === owner ? [card(c)] : []));
  return {
    deck: Object.fromEntries(game.deck.categories.map((c) => [c.name, [...c.cards]])),
    players: [...game.players],
    handSizes: [...game.handSizes],
    faceUp: game.faceUp.map(card),
    ...(game.me === null ? {} : { me: player(game.me), myHand: game.myHand.map(card) }),
    ...(defaultRules
      ? {}
      : {
          rules: { ...variants, ...(quotas === null ? {} : { handQuotas: Object.fromEntries(quotas) }) },
        }),
    ...(deal === null
      ? {}
      : {
          deal: Object.fromEntries(ownersOf(game.players.length, game.faceUp.length > 0).map((o) => [ownerName(o, game.players), held(o)])),
        }),
    events: game.events.map((e) => eventToLog(e, card, player)),
  };
}

function eventToLog(e: GameEvent, card: (c: number) => string, player: (p: number) => string): GameLogEvent {
  switch (e.type) {
    case 'look':
      return { type: 'look' };
    case 'endmove':
      return { type: 'endmove', by: player(e.by) };
    case 'accusation':
      return { type: 'accusation', by: player(e.by), cards: e.cards.map(card), correct: e.correct };
    case 'suggest':
    case 'nocard':
      return { type: e.type, by: player(e.by), cards: e.cards.map(card) };
    case 'showcard':
      return { type: 'showcard', by: player(e.by), to: player(e.to), cards: e.cards.map(card), ...(e.shown === null ? {} : { shown: card(e.shown) }) };
    case 'suggestion':
      return {
        type: 'suggestion',
        by: player(e.by),
        cards: e.cards.map(card),
        shownBy: e.shownBy === null ? null : player(e.shownBy),
        ...(e.shown === null ? {} : { shown: card(e.shown) }),
      };
  }
}
