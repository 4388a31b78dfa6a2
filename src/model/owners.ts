// The owners of a card, in every encoding the project uses, and the one place each is written:
// - as values: a seat (0..n-1), ENVELOPE or TABLE;
// - as slots of a deal's layout (the counting core's and the Wasm memory's): the seats in order,
//   then the envelope, then the table; a deal is `ownerWidth(nSeats)` masks;
// - as names: the seat's player, "envelope" and "table" (no player may take those two), resolved
//   by the name rule of names.ts.
// The table is an owner only in a game with face-up cards: its cards are fixed by the setup.
import { makeNameResolver, nameKey, type NameResolver } from './names.js';
import { shorten } from './quote.js';

/** An owner of a card: a seat (0..n-1), ENVELOPE or TABLE. */
export type Owner = number;

/** Owners besides the seats. */
export const ENVELOPE = -1;
export const TABLE = -2;

/** What the owners besides the seats are called: in logs, formulas, the JSON output and on the command line. */
export const ENVELOPE_NAME = 'envelope';
export const TABLE_NAME = 'table';

/** How many owner slots a deal of `nSeats` seats has: one per seat, the envelope and the table. */
export function ownerWidth(nSeats: number): number {
  return nSeats + 2;
}

/**
 * How many owner slots the deal decides: the seats and the envelope, the first slots of the
 * layout. The table's cards are fixed by the setup, so a model of the deals (the Kripke model's)
 * leaves its slot out.
 */
export function dealtWidth(nSeats: number): number {
  return nSeats + 1;
}

/** The slot of `owner` (a seat, ENVELOPE or TABLE) in a deal's layout. */
export function slotOf(owner: Owner, nSeats: number): number {
  if (owner === ENVELOPE) return nSeats;
  if (owner === TABLE) return nSeats + 1;
  if (!Number.isInteger(owner) || owner < 0 || owner >= nSeats) throw new RangeError(`owner ${owner} is not a seat of ${nSeats}, the envelope or the table`);
  return owner;
}

/** The owner in `slot` of a deal's layout (the inverse of slotOf). */
export function ownerAt(slot: number, nSeats: number): Owner {
  if (!Number.isInteger(slot) || slot < 0 || slot >= ownerWidth(nSeats)) throw new RangeError(`slot ${slot} is not an owner slot of ${nSeats} seats`);
  return slot < nSeats ? slot : slot === nSeats ? ENVELOPE : TABLE;
}

/** The owners a game has: its seats, the envelope, and the table when cards lie face up. */
export function ownersOf(nSeats: number, table: boolean): Owner[] {
  return [...Array.from({ length: nSeats }, (_, s) => s), ENVELOPE, ...(table ? [TABLE] : [])];
}

/** An owner's name: its player for a seat, "envelope" or "table". */
export function ownerName(owner: Owner, players: readonly string[]): string {
  if (owner === ENVELOPE) return ENVELOPE_NAME;
  if (owner === TABLE) return TABLE_NAME;
  const name = players[owner];
  if (name === undefined) throw new RangeError(`owner ${owner} is not a seat, the envelope or the table`);
  return name;
}

/** The owner names a game has, in the order of ownersOf: the players, "envelope", and "table" when cards lie face up. */
export function ownerNames(players: readonly string[], table: boolean): string[] {
  return ownersOf(players.length, table).map((o) => ownerName(o, players));
}

/** An owner in running text: the player's (shortened) name, "the envelope" or "the table". */
export function ownerInText(owner: Owner, players: readonly string[]): string {
  return owner < 0 ? `the ${ownerName(owner, players)}` : shorten(ownerName(owner, players));
}

/** Whether `name` is, as names compare (names.ts nameKey), one of the names kept for the owners besides the seats: no player may take it. */
export function isReservedOwnerName(name: string): boolean {
  const key = nameKey(name);
  return key === ENVELOPE_NAME || key === TABLE_NAME;
}

/** Resolves an owner's name, as typed, to a seat, ENVELOPE or TABLE; `where` says where it occurred, for errors. */
export type OwnerResolver = (input: string, where: string) => Owner;

/**
 * The resolver of a game's owner names (ownerNames): the name rule of names.ts, its errors
 * listing these names only, so "table" is neither offered nor accepted without face-up cards.
 */
export function ownerResolver(players: readonly string[], table: boolean): OwnerResolver {
  const owners = ownersOf(players.length, table);
  const resolve: NameResolver = makeNameResolver('owner', ownerNames(players, table));
  return (input, where) => owners[resolve(input, where)];
}
