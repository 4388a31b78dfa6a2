// Where the pawns stand, as far as the advisor can tell: where the player put them (tapped on the
// drawing), then moved by the suggestions entered since. On the board (docs/board.md §6) a player
// suggests in the room its pawn is in, so the log's room card says where the suggester stands, and
// the suspect named is brought into that room: a summons, which lets that pawn suggest there on its
// next turn without moving (unless it was in that room already). The log has no moves, so a pawn
// that walked on without suggesting stays where it was last put. Seat s plays the s-th character
// of the play order (binding.ts) unless the player says otherwise. Pure: no DOM.
import type { GameEvent } from '../model/events.js';
import type { BoardBinding } from '../game/board/binding.js';
import { CHARACTERS, ROOMS, WIDTH, type Character, type Room } from '../game/board/classic.js';
import { isRoomPlace, type Place } from '../game/board/movement.js';
import { pawnPlace, type PawnInput } from './board-advice.js';

/** A pawn as the advisor tracks it. */
export interface TrackedPawn {
  readonly place: Place | null;
  /** Summoned into its room since its player's last turn: it may suggest there without moving. */
  readonly summoned: boolean;
  /** The event (0-based) that last put it where it is, or null when the player did. */
  readonly movedBy: number | null;
}

export type LogBinding = Pick<BoardBinding, 'roomCategory' | 'suspectCategory' | 'roomCard' | 'roomOfCard' | 'suspectCard'>;

/**
 * What the events from `from` on do to a pawn: the seat playing it (-1 for nobody) suggesting puts
 * it in the suggestion's room; any turn of its own uses up a summons, and one that ends (an
 * `endmove`) without a suggestion leaves it somewhere the log does not say; another seat naming its
 * suspect card summons it into the suggestion's room, unless it is there already.
 */
export function followLog(start: { place: Place | null; summoned: boolean }, events: readonly GameEvent[], from: number, pawn: { seat: number; suspectCard: number }, binding: LogBinding): TrackedPawn {
  let { place, summoned } = start;
  let movedBy: number | null = null;
  /** The pawn's seat suggested in the turn now going on. */
  let suggestedThisTurn = false;
  for (let i = Math.max(0, from); i < events.length; i++) {
    const e = events[i];
    // Answers (nocard, showcard) belong to the suggester's turn; looking moves nobody.
    if (e.type !== 'suggestion' && e.type !== 'suggest' && e.type !== 'accusation' && e.type !== 'endmove') continue;
    const named = e.type === 'suggestion' || e.type === 'suggest' ? e.cards : null;
    const room = named ? ROOMS[binding.roomOfCard[named[binding.roomCategory]]] : undefined;
    if (e.by === pawn.seat) {
      summoned = false;
      if (room !== undefined) ((place = room), (movedBy = i), (suggestedThisTurn = true));
      else if (e.type === 'endmove' && !suggestedThisTurn) ((place = null), (movedBy = i));
      continue;
    }
    suggestedThisTurn = false;
    if (room !== undefined && named![binding.suspectCategory] === pawn.suspectCard && place !== room) {
      place = room;
      summoned = true;
      movedBy = i;
    }
  }
  return { place, summoned, movedBy };
}

/** The character each seat plays: as the player set it, else the play order (binding.ts). */
export function seatCharacters(input: PawnInput, seats: number): Character[] {
  const set = input.characters;
  if (set && set.length === seats && new Set(set).size === seats) return set;
  return CHARACTERS.slice(0, seats);
}

/** The characters with `seat` playing `character`; the seat that played it takes the seat's old one. */
export function withCharacter(characters: readonly Character[], seat: number, character: Character): Character[] {
  const next = characters.slice();
  const other = next.indexOf(character);
  if (other >= 0) next[other] = next[seat];
  next[seat] = character;
  return next;
}

export interface BoardPawns {
  /** The character each seat plays. */
  readonly characters: readonly Character[];
  /** My character, or null for a spectator. */
  readonly mine: Character | null;
  /** Every pawn the advisor can place (mine included), by character. */
  readonly pawns: ReadonlyMap<Character, TrackedPawn>;
  /** Corridor cells the other pawns stand on. */
  readonly occupied: ReadonlySet<number>;
  /** My pawn's input cannot be read (a typed cell), in one sentence; null when it can or is empty. */
  readonly problem: string | null;
  /** The other pawn standing on my pawn's cell (as typed, or as marked since), or null. */
  readonly clash: Character | null;
}

/** The pawns as the input and the log place them, for a game whose deck `binding` lays on the board. */
export function boardPawns(input: PawnInput, game: { players: readonly string[]; me: number | null; events: readonly GameEvent[] }, binding: LogBinding): BoardPawns {
  const characters = seatCharacters(input, game.players.length);
  const mine = game.me === null ? null : characters[game.me];
  const pawns = new Map<Character, TrackedPawn>();
  let problem: string | null = null;
  CHARACTERS.forEach((character, c) => {
    const pawn = { seat: characters.indexOf(character), suspectCard: binding.suspectCard[c] };
    if (character === mine) {
      const given = input.room !== '' || input.cell.trim() !== '' ? pawnPlace(input) : null;
      if (given && 'error' in given) problem = given.error;
      const place = given && 'place' in given ? given.place : null;
      // The log after my last word on it: after `at`; a place saved before `at` existed stands; never placed, the whole log.
      const from = input.at ?? (place === null ? 0 : game.events.length);
      pawns.set(character, followLog({ place, summoned: place !== null && input.summoned === true }, game.events, from, pawn, binding));
    } else {
      const mark = input.others?.[character];
      const tracked = followLog({ place: mark?.place ?? null, summoned: false }, game.events, mark?.at ?? 0, pawn, binding);
      if (tracked.place !== null) pawns.set(character, tracked);
    }
  });
  const occupied = new Set<number>();
  for (const [character, p] of pawns) if (character !== mine && p.place !== null && !isRoomPlace(p.place)) occupied.add(p.place);
  const myPlace = mine === null ? null : (pawns.get(mine)?.place ?? null);
  const clash = typeof myPlace === 'number' && occupied.has(myPlace) ? [...pawns].find(([c, p]) => c !== mine && p.place === myPlace)![0] : null;
  return { characters, mine, pawns, occupied, problem, clash };
}

/** The pawn standing on a corridor cell, if any. */
export function pawnOn(pawns: ReadonlyMap<Character, TrackedPawn>, cell: number): Character | null {
  for (const [character, p] of pawns) if (p.place === cell) return character;
  return null;
}

/** A place as the input keeps my pawn: a room, or a cell as "x,y". */
export function placeInput(place: Place): Pick<PawnInput, 'room' | 'cell'> {
  return isRoomPlace(place) ? { room: place, cell: '' } : { room: '', cell: `${place % WIDTH},${Math.floor(place / WIDTH)}` };
}
