// Layout of the constraint store that the host writes into Wasm memory (u32 words).
// Exported from the module so the host reads the offsets instead of copying them.
export const MAX_CARDS: i32 = 32;
export const MAX_SEATS: i32 = 10;
export const MAX_CLAUSES: i32 = 16384;

export const ST_N_CARDS: i32 = 0;
export const ST_N_SEATS: i32 = 1;
export const ST_N_CATEGORIES: i32 = 2;
export const ST_FACE_UP: i32 = 3;
export const ST_N_CLAUSES: i32 = 4;
/** categoryMasks[MAX_CARDS] */
export const ST_CATEGORY_MASKS: i32 = 8;
/** handSizes[MAX_SEATS] */
export const ST_HAND_SIZES: i32 = 40;
/** holds[MAX_SEATS + 1]: seats, then the envelope */
export const ST_HOLDS: i32 = 56;
/** lacks[MAX_SEATS + 1]: seats, then the envelope */
export const ST_LACKS: i32 = 72;
/** clauses[MAX_CLAUSES] as (cards, owners) word pairs; owner bits: seats, envelope = nSeats, table = nSeats + 1 */
export const ST_CLAUSES: i32 = 96;
export const STORE_WORDS: i32 = 96 + 2 * MAX_CLAUSES;

// build() results
export const OK: i32 = 0;
export const INCONSISTENT: i32 = 1;
export const TOO_LARGE: i32 = 2;
