// Node-sized working buffers for the counting passes that do not keep their results (inference.ts,
// envelope-odometer.ts): one forward and one backward array, grown to the largest DAG counted.
// The passes never run at once.
let forward = new StaticArray<f64>(1);
let backward = new StaticArray<f64>(1);

/** A forward buffer of at least n entries (not zeroed). */
export function forwardBuffer(n: i32): StaticArray<f64> {
  if (forward.length < n) forward = new StaticArray<f64>(n);
  return forward;
}

/** A backward buffer of at least n entries (not zeroed). */
export function backwardBuffer(n: i32): StaticArray<f64> {
  if (backward.length < n) backward = new StaticArray<f64>(n);
  return backward;
}
