// Small formatting shared by the advisor's views: numbers and owners in a player's words.
import { ENVELOPE, TABLE, type Game } from '../../model/game.js';

/** A result the workers computed, with how long it took (null and the reason when they could not). */
export type Timed<T> = { result: T | null; reason: string | null; ms: number; workers?: number };

export const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

export const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export const percent = (p: number) => (p === 0 ? '✗' : p === 1 ? '✓' : p < 0.005 ? '<1%' : p > 0.995 ? '>99%' : `${Math.round(p * 100)}%`);

/** "the envelope", "you", "Bob": an owner in a sentence. */
export function ownerInWords(game: Game, owner: number): string {
  return owner === ENVELOPE ? 'the envelope' : owner === TABLE ? 'the table' : owner === game.me ? 'you' : game.players[owner];
}
