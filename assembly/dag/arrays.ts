// Growing and copying the core's StaticArrays. Scratch grows by doubling and is reused: a build's
// (a finished position keeps exact-size copies), and every buffer sized by a store's clauses,
// which starts empty: sized for MAX_CLAUSES at instantiation, they would make every start of the
// core write megabytes of fresh memory, most of its instantiation time.

/** `a` if it holds `need` elements, else a copy at least twice as long (at least 1024). */
export function grown<T>(a: StaticArray<T>, need: i32): StaticArray<T> {
  if (need <= a.length) return a;
  let n = max(a.length << 1, 1024);
  while (n < need) n <<= 1;
  const b = new StaticArray<T>(n);
  memory.copy(changetype<usize>(b), changetype<usize>(a), <usize>a.length * sizeof<T>());
  return b;
}

/** The first n elements of `a`, as a new array of exactly n. */
export function copied<T>(a: StaticArray<T>, n: i32): StaticArray<T> {
  const b = new StaticArray<T>(n);
  memory.copy(changetype<usize>(b), changetype<usize>(a), <usize>n * sizeof<T>());
  return b;
}
