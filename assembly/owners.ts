// The owner slots of a deal in memory, as the host lays them out (src/model/owners.ts): the seats
// in order, then the envelope, then the table. A deal is ownerWidth(nSeats) u32 masks; the store's
// holds and lacks cover the first dealtWidth(nSeats) owners, the ones the deal decides.

/** Owner slots of a deal: the seats, the envelope and the table. */
@inline export function ownerWidth(nSeats: i32): i32 {
  return nSeats + 2;
}

/** Owners the deal decides: the seats and the envelope (the table's cards are the face-up ones). */
@inline export function dealtWidth(nSeats: i32): i32 {
  return nSeats + 1;
}

@inline export function envelopeSlot(nSeats: i32): i32 {
  return nSeats;
}

@inline export function tableSlot(nSeats: i32): i32 {
  return nSeats + 1;
}
