// The game loop that the rules' state machine (src/game/rules/) and its driver (src/game/play.ts)
// replaced, kept as the reference of test/same-games.test.ts: the driver must play exactly its
// games. One loop: deal from a seed, turns in seat order, suggestions refuted by the following
// seats, accusations. Changed only where the seat views' writer changed (the refuter now
// receives the card it showed within the event).
import type { SyncAgent as Agent } from '../../src/game/agent.js';
import type { Deck } from '../../src/model/deck.js';
import type { Random } from '../../src/model/random.js';
import { cardsOfMask } from '../../src/model/bits.js';
import { SeatView, type ViewWriter } from '../../src/game/seat-view.js';
import { defaultHandSizes } from '../../src/model/game.js';
import { type GameEvent } from '../../src/model/events.js';
import type { GameResult, SeatResult } from '../../src/tournament/results.js';
import type { Deal, GameSpec } from '../../src/game/rules/deal.js';
import type { ScoredGame } from '../../src/tournament/play.js';
import { DEFAULT_RULES } from '../../src/model/rules.js';

/** The deal, as it was dealt before: rules/deal.ts must deal the same cards from the same generator. */
function dealCards(deck: Deck, handSizes: number[], faceUpCount: number, rng: Random): Deal {
  const envelope = deck.categories.map((_, g) => rng.pick(deck.cards.map((_, c) => c).filter((c) => deck.categoryOf[c] === g)));
  const rest = rng.shuffle(deck.cards.map((_, c) => c).filter((c) => !envelope.includes(c)));
  const faceUp = rest.splice(0, faceUpCount).sort((a, b) => a - b);
  let next = 0;
  const hands = handSizes.map((size) => {
    let mask = 0;
    for (let k = 0; k < size; k++) mask |= 1 << rest[next++];
    return mask >>> 0;
  });
  return { hands, envelope, faceUp };
}

/**
 * Plays one game. `agents[s]` plays seat s; `rng` deals the cards (agents have their own
 * generators). Agents' answers are checked: an illegal suggestion or refutation is a bug in the
 * agent and throws.
 */
export function playGameWithReferenceLoop(spec: GameSpec, agents: Agent[], rng: Random, gameIndex = 0): ScoredGame {
  const n = spec.players.length;
  const { deck } = spec;
  const faceUpCount = spec.faceUpCount ?? 0;
  const handSizes = spec.handSizes ?? defaultHandSizes(deck.cards.length - deck.categories.length - faceUpCount, n);
  const deal = dealCards(deck, handSizes, faceUpCount, rng);
  const envelopeMask = deal.envelope.reduce((m, c) => m | (1 << c), 0);
  const writers: ViewWriter[] = [];
  const setup = { deck, players: spec.players, handSizes, faceUp: deal.faceUp, rules: DEFAULT_RULES };
  const views = spec.players.map(
    (_, s) =>
      new SeatView(setup, s, cardsOfMask(deal.hands[s]), (w) => {
        writers[s] = w;
      }),
  );
  const seats: SeatResult[] = agents.map((agent, seat) => ({
    seat,
    agent: agent.label,
    won: false,
    eliminated: false,
    wrongAccusations: 0,
    turnsTaken: 0,
    turnsToWin: null,
    turnsToCertain: null,
  }));
  const broadcast = (event: GameEvent, seesCard: number[]) => {
    writers.forEach((w, s) => w(seesCard.includes(s) || event.type !== 'suggestion' ? event : { ...event, shown: null }));
  };

  let winner: number | null = null;
  let turns = 0;
  let rounds = 0;
  let seat = 0;
  while (turns < spec.maxTurns && winner === null && seats.some((r) => !r.eliminated)) {
    if (seat === 0) rounds++;
    if (!seats[seat].eliminated) {
      turns++;
      const me = seats[seat];
      me.turnsTaken++;
      const cards = agents[seat].suggest(views[seat]);
      checkCombination(deck, cards, `${agents[seat].label} (seat ${seat}) suggested`);
      const named = cards.reduce((m, c) => m | (1 << c), 0);
      let shownBy: number | null = null;
      let shown: number | null = null;
      for (let k = 1; k < n && shownBy === null; k++) {
        const other = (seat + k) % n;
        const held = cardsOfMask(deal.hands[other] & named);
        if (held.length === 0) continue;
        shown = agents[other].refute(views[other], seat, held, cards);
        if (!held.includes(shown)) throw new Error(`${agents[other].label} (seat ${other}) showed a card it cannot show`);
        shownBy = other;
      }
      broadcast({ type: 'suggestion', by: seat, cards, shownBy, shown }, shownBy === null ? [seat] : [seat, shownBy]);
      const decision = agents[seat].decide(views[seat]);
      if (decision.certain && me.turnsToCertain === null) me.turnsToCertain = me.turnsTaken;
      if (decision.accusation) {
        checkCombination(deck, decision.accusation, `${agents[seat].label} (seat ${seat}) accused`);
        const correct = decision.accusation.every((c) => (envelopeMask >>> c) & 1);
        broadcast({ type: 'accusation', by: seat, cards: decision.accusation, correct }, []);
        if (correct) {
          winner = seat;
          me.won = true;
          me.turnsToWin = me.turnsTaken;
        } else {
          me.eliminated = true;
          me.wrongAccusations++;
        }
      }
    }
    seat = (seat + 1) % n;
  }
  for (const agent of agents) agent.dispose?.();
  return {
    result: { game: gameIndex, seats: agents.map((a) => a.label), winner, unsolved: winner === null, turns, rounds, seatResults: seats },
    views,
  };
}

function checkCombination(deck: Deck, cards: number[], what: string): void {
  const ok = cards.length === deck.categories.length && cards.every((c, g) => Number.isInteger(c) && deck.categoryOf[c] === g);
  if (!ok) throw new Error(`${what} ${JSON.stringify(cards)}: not one card per category in category order`);
}
