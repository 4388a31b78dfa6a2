// The engine's side of the process protocol (docs/agent-protocol.md) over any channel that carries
// JSON objects: requests built from the seat's view, replies checked and turned into moves. What a
// reply may not be (not an object with the fields asked for, a card unknown, not one card of each
// category, a card not among the options) is an illegal fault, worded in the protocol's terms;
// the rules remain the judge of the move (the driver's applyAction). Each request's id is the
// number of the seat's request in its game, so that requests, and the reasons of faults that quote
// them, are the same on any number of threads.
import { AgentFault, type Agent, type Decision, type Exchange, type GameOutcome, type MovementPolicy, type SyncMovementPolicy } from '../../game/agent.js';
import { ROOMS } from '../../game/board/classic.js';
import { isRoomPlace, passageOut, roomIndex, stepsToRoom } from '../../game/board/movement.js';
import { anyRoom, movementPolicy } from '../movement.js';
import type { SeatView } from '../../game/seat-view.js';
import { gameToLog } from '../../io/write-log.js';
import { makeNameResolver, type NameResolver } from '../../model/names.js';
import { quote, quoteList } from '../../model/quote.js';
import { categoryProblems } from '../../io/log.js';
import { ENVELOPE, TABLE } from '../../model/owners.js';
import { decisionSeed, type ExternalSeat } from './definitions.js';

/** A reply: the JSON object, and the line it came on as received. */
export interface Reply {
  object: Record<string, unknown>;
  line: string;
}

/** Carries protocol messages: `request` awaits the reply with the request's id (or throws an AgentFault). */
export interface AgentChannel {
  request(message: Record<string, unknown> & { id: number }): Promise<Reply>;
  notify(message: Record<string, unknown>): void;
  /** The protocol's extensions the program asked for in its hello. */
  readonly extensions: readonly string[];
}

/** The "move" extension: the program picks the room its pawn heads for; the engine walks it there. */
export const MOVE_EXTENSION = 'move';
/** The "certain" extension: the program's reply to accuse says whether it knows the solution for certain. */
export const CERTAIN_EXTENSION = 'certain';

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
  const { deck } = seat;
  const names = (cards: readonly number[]) => cards.map((c) => deck.cards[c]);
  let requests = 0;
  let last: Exchange | null = null;
  /** Sends the seat's next request and returns the reply; what was asked and answered is kept for a fault's reason. */
  const ask = async (type: string, fields: Record<string, unknown>): Promise<Record<string, unknown>> => {
    const id = ++requests;
    const exchange: Exchange = { request: { type, id } };
    last = exchange;
    try {
      const { object, line } = await channel.request({ type, id, gameId: seat.game, seat: seat.seat, seed: decisionSeed(seat.runSeed, seat.game, seat.seat, id - 1), ...fields });
      exchange.reply = line;
      return object;
    } catch (error) {
      if (error instanceof AgentFault && error.reply !== undefined) exchange.reply = error.reply;
      throw error;
    }
  };
  const illegal = (problem: string) => new AgentFault('illegal', problem);
  const card = (value: unknown, field: string): number => {
    if (typeof value !== 'string') throw illegal(`"${field}" must be a card's name, not ${JSON.stringify(value) ?? 'missing'}`);
    try {
      return resolve(value, field);
    } catch (error) {
      throw illegal((error as Error).message);
    }
  };
  // One card of each category, given in any order: put in category order.
  const combination = (value: unknown, field: string): number[] => {
    if (!Array.isArray(value)) throw illegal(`"${field}" must be a list of cards, not ${JSON.stringify(value) ?? 'missing'}`);
    const cards = value.map((v, i) => card(v, `${field}[${i}]`));
    const problems = categoryProblems(cards, deck);
    if (problems.length > 0) throw illegal(`"${field}" must name one card of each category: ${problems.join('; ')}`);
    return cards.sort((a, b) => deck.categoryOf[a] - deck.categoryOf[b]);
  };
  /** This turn's choice of room (the walk of a turn follows its opening). */
  let heading: SyncMovementPolicy | null = null;
  const movement: MovementPolicy = {
    async open(view, board, options) {
      heading = null;
      if (!channel.extensions.includes(MOVE_EXTENSION)) return ENGINE_MOVEMENT.open(view, board, options);
      const here = board.pawns[view.me];
      const steps: Record<string, number> = {};
      ROOMS.forEach((room, r) => {
        const n = stepsToRoom(here, room, board.rules);
        if (n >= 0) steps[seat.deck.cards[board.binding.roomCard[r]]] = n;
      });
      const passage = isRoomPlace(here) ? passageOut(here) : null;
      const reply = await ask('move', {
        game: seatLog(view),
        at: isRoomPlace(here) ? seat.deck.cards[board.binding.roomCard[roomIndex(here)]] : null,
        summoned: board.summoned,
        passage: passage ? seat.deck.cards[board.binding.roomCard[roomIndex(passage)]] : null,
        steps,
      });
      const room = card(reply.room, 'room');
      if (seat.deck.categoryOf[room] !== board.binding.roomCategory) throw illegal(`"room" must be a room, not ${quote(seat.deck.cards[room])}`);
      heading = headFor(room);
      return heading.open(view, board, options);
    },
    walk(view, board, destinations) {
      return (heading ?? ENGINE_MOVEMENT).walk(view, board, destinations);
    },
  };
  const certainty = channel.extensions.includes(CERTAIN_EXTENSION);
  return {
    label: seat.definition.name,
    untrusted: true,
    reportsCertainty: certainty,
    lastExchange: () => last,
    movement,
    async suggest(view: SeatView, room?: number) {
      const reply = await ask('suggest', { game: seatLog(view), room: room === undefined ? null : deck.cards[room] });
      const cards = combination(reply.cards, 'cards');
      if (room !== undefined && !cards.includes(room)) {
        const named = cards.find((c) => deck.categoryOf[c] === deck.categoryOf[room])!;
        throw illegal(`"cards" must name the request's room, ${quote(deck.cards[room])}, not ${quote(deck.cards[named])}`);
      }
      return cards;
    },
    async refute(view: SeatView, suggester: number, held: number[], cards: readonly number[]) {
      const reply = await ask('refute', { game: seatLog(view), suggestion: { by: seat.players[suggester], cards: names(cards) }, options: names(held) });
      const shown = card(reply.show, 'show');
      if (!held.includes(shown)) throw illegal(`"show": ${quote(reply.show as string)} is not one of the options ${quoteList(names(held), 'and')}`);
      return shown;
    },
    async decide(view: SeatView): Promise<Decision> {
      const reply = await ask('accuse', { game: seatLog(view) });
      if (!('accuse' in reply)) throw illegal('the reply to "accuse" has no "accuse" field');
      const accusation = reply.accuse === null ? null : combination(reply.accuse, 'accuse');
      // Under the certain extension, the reply's "certain" says whether it knows the solution, and
      // without that field an accusation says it does; without the extension it is not known (reportsCertainty).
      if (certainty && 'certain' in reply && typeof reply.certain !== 'boolean') throw illegal(`"certain" must be true or false, not ${JSON.stringify(reply.certain)}`);
      return { certain: certainty && (typeof reply.certain === 'boolean' ? reply.certain : accusation !== null), accusation };
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
