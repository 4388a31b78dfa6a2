// Growing and copying the StaticArrays a build fills: its scratch grows by doubling and is reused
// by the next build; a finished position keeps exact-size copies.

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
