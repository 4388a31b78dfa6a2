// Small formatting shared by the advisor's views: numbers, messages, capitals.

/** A result the workers computed, with how long it took (null and the reason when they could not). */
export type Timed<T> = { result: T | null; reason: string | null; ms: number; workers?: number };

export const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

export const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export const percent = (p: number) => (p === 0 ? '✗' : p === 1 ? '✓' : p < 0.005 ? '<1%' : p > 0.995 ? '>99%' : `${Math.round(p * 100)}%`);
