// Layout of the constraint store that the host writes into Wasm memory (u32 words), and the limits
// of the kernels that the host relies on too. Exported from the module (index.ts) so the host reads
// them by name (LAYOUT_NAMES in src/knowledge/wasm-module.ts) instead of copying them.
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
/** clauses[MAX_CLAUSES] as (cards, owners) word pairs; owner bits: the slots of owners.ts (seats, envelope, table) */
export const ST_CLAUSES: i32 = 96;
export const STORE_WORDS: i32 = 96 + 2 * MAX_CLAUSES;

// build() results
export const OK: i32 = 0;
export const INCONSISTENT: i32 = 1;
export const TOO_LARGE: i32 = 2;

// Limits of the kernels that the host relies on.
/** Response factors one build may take (addResponseFactor refuses more): one per card the observer was shown. */
export const MAX_RESPONSE_FACTORS: i32 = 256;
/** Constraints a DAG node can have open at once (a state bit each in a u32); past it, a position is too large. */
export const MAX_OPEN_CONSTRAINTS: i32 = 32;
/** Edges a node budget allows per node (setBudget): a node has at most MAX_SEATS + 1, usually 3 to 6. */
export const EDGES_PER_NODE: i32 = 8;
/**
 * eigBatch's I/O: the host writes SHOWN_TO_WORDS u32 words of per-seat shownTo masks (at least
 * MAX_SEATS, and even: the f64 scores follow them), and reads EIG_SCORES f64 per suggestion:
 * expected bits, P(nobody refutes), expected envelope combinations left.
 */
export const SHOWN_TO_WORDS: i32 = 16;
/**
 * eigBatch's answering, ANSWER_WORDS u32 words the host writes (even: the f64 scores may follow):
 * 1 when every seat holding a named card shows one (rules.answers 'all'), 0 when the answers stop
 * at the first card shown; the number of seats asked; those seats, in answer order
 * (model/rules.ts answerers). A seat not asked never answers.
 */
export const ANSWER_WORDS: i32 = 16;
export const EIG_SCORES: i32 = 3;
/** Categories eigBatch can score suggestions over: its answer classes tell 2^categories held sets apart. */
export const EIG_MAX_CATEGORIES: i32 = 8;
