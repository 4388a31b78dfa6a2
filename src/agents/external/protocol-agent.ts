// The engine's side of the process protocol (docs/agent-protocol.md) over any channel that carries
// JSON objects: requests built from the seat's view, replies checked and turned into moves. What a
// reply may not be (not an object with the fields asked for, a card unknown) is an illegal fault;
// whether the move is legal is the rules' decision (the driver's applyAction).
import { AgentFault, type Agent, type Decision, type GameOutcome, type MovementPolicy, type SyncMovementPolicy } from '../../game/agent.js';
import { ROOMS } from '../../game/board/classic.js';
import { isRoomPlace, passageOut, roomIndex, stepsToRoom } from '../../game/board/movement.js';
import { anyRoom, movementPolicy } from '../movement.js';
import type { SeatView } from '../../game/seat-view.js';
import { gameToLog } from '../../io/write-log.js';
import { makeNameResolver, type NameResolver } from '../../model/names.js';
import { ENVELOPE, TABLE } from '../../model/game.js';
import { decisionSeed, type ExternalSeat } from './definitions.js';

/** Carries protocol messages: `request` adds the id, awaits the reply with it (or throws an AgentFault). */
export interface AgentChannel {
  request(message: Record<string, unknown>): Promise<Record<string, unknown>>;
  notify(message: Record<string, unknown>): void;
  /** The protocol's extensions the program asked for in its hello. */
  extensions(): Promise<readonly string[]>;
}

/** The "move" extension: the program picks the room its pawn heads for; the engine walks it there. */
export const MOVE_EXTENSION = 'move';

/** The seat's view as the game log of a request: every card it saw named, those it showed too, so a program needs no memory of its own answers. */
function seatLog(view: SeatView) {
  return gameToLog({ ...view.game(), events: view.eventsAsSeen() });
}

/** Without the move extension, a program's pawn is walked by the engine to the nearest room, any room. */
const ENGINE_MOVEMENT = movementPolicy(anyRoom);

/** With it, the pawn heads for the room card the program chose, walked as the built-in agents walk theirs. */
const HEADING = new Map<number, SyncMovementPolicy>();
function headFor(room: number): SyncMovementPolicy {
  let policy = HEADING.get(room);
  if (policy === undefined) HEADING.set(room, (policy = movementPolicy((_view, board) => board.binding.roomCard.map((c) => (c === room ? 1 : 0)))));
  return policy;
}

export function protocolAgent(channel: AgentChannel, seat: ExternalSeat): Agent {
  const resolve: NameResolver = makeNameResolver('card', seat.deck.cards);
  let decisions = 0;
  const base = () => ({ gameId: seat.game, seat: seat.seat, seed: decisionSeed(seat.runSeed, seat.game, seat.seat, decisions++) });
  const card = (value: unknown, field: string): number => {
    if (typeof value !== 'string') throw new AgentFault('illegal', `"${field}" must be a card's name, not ${JSON.stringify(value) ?? 'missing'}`);
    try {
      return resolve(value, field);
    } catch (error) {
      throw new AgentFault('illegal', (error as Error).message);
    }
  };
  // One card per category, given in any order: put in category order (the rules check the rest).
  const combination = (value: unknown, field: string): number[] => {
    if (!Array.isArray(value)) throw new AgentFault('illegal', `"${field}" must be a list of cards, not ${JSON.stringify(value) ?? 'missing'}`);
    const cards = value.map((v, i) => card(v, `${field}[${i}]`));
    return cards.sort((a, b) => seat.deck.categoryOf[a] - seat.deck.categoryOf[b] || a - b);
  };
  const names = (cards: readonly number[]) => cards.map((c) => seat.deck.cards[c]);
  /** This turn's choice of room (the walk of a turn follows its opening). */
  let heading: SyncMovementPolicy | null = null;
  const movement: MovementPolicy = {
    async open(view, board, options) {
      heading = null;
      if (!(await channel.extensions()).includes(MOVE_EXTENSION)) return ENGINE_MOVEMENT.open(view, board, options);
      const here = board.pawns[view.me];
      const steps: Record<string, number> = {};
      ROOMS.forEach((room, r) => {
        const n = stepsToRoom(here, room, board.rules);
        if (n >= 0) steps[seat.deck.cards[board.binding.roomCard[r]]] = n;
      });
      const passage = isRoomPlace(here) ? passageOut(here) : null;
      const reply = await channel.request({
        type: 'move',
        ...base(),
        game: seatLog(view),
        at: isRoomPlace(here) ? seat.deck.cards[board.binding.roomCard[roomIndex(here)]] : null,
        summoned: board.summoned,
        passage: passage ? seat.deck.cards[board.binding.roomCard[roomIndex(passage)]] : null,
        steps,
      });
      const room = card(reply.room, 'room');
      if (seat.deck.categoryOf[room] !== board.binding.roomCategory) throw new AgentFault('illegal', `"room" must be a room, not ${seat.deck.cards[room]}`);
      heading = headFor(room);
      return heading.open(view, board, options);
    },
    walk(view, board, destinations) {
      return (heading ?? ENGINE_MOVEMENT).walk(view, board, destinations);
    },
  };
  return {
    label: seat.definition.name,
    untrusted: true,
    movement,
    async suggest(view: SeatView, room?: number) {
      const reply = await channel.request({ type: 'suggest', ...base(), game: seatLog(view), room: room === undefined ? null : seat.deck.cards[room] });
      return combination(reply.cards, 'cards');
    },
    async refute(view: SeatView, suggester: number, held: number[], cards: readonly number[]) {
      const reply = await channel.request({
        type: 'refute',
        ...base(),
        game: seatLog(view),
        suggestion: { by: seat.players[suggester], cards: names(cards) },
        options: names(held),
      });
      return card(reply.show, 'show');
    },
    async decide(view: SeatView): Promise<Decision> {
      const reply = await channel.request({ type: 'accuse', ...base(), game: seatLog(view) });
      if (!('accuse' in reply)) throw new AgentFault('illegal', 'the reply to "accuse" has no "accuse" field');
      if (reply.accuse === null) return { certain: false, accusation: null };
      return { certain: false, accusation: combination(reply.accuse, 'accuse') };
    },
    end(view: SeatView, outcome: GameOutcome) {
      const owners = seat.deck.cards.map(() => TABLE);
      outcome.hands.forEach((hand, s) => hand.forEach((c) => (owners[c] = s)));
      for (const c of outcome.envelope) owners[c] = ENVELOPE;
      // The full record: the deal, and every event in full (a log with a deal names every card shown).
      const log = gameToLog({ ...view.game(), events: [...outcome.events], deal: owners });
      channel.notify({
        type: 'end',
        gameId: seat.game,
        seat: seat.seat,
        winner: outcome.winner === null ? null : seat.players[outcome.winner],
        envelope: names(outcome.envelope),
        game: log,
      });
    },
  };
}
