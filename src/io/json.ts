// JSON text for outputs that hold exact big integers: a bigint is written as an integer literal
// with all its digits (JSON numbers have no size limit; a reader that wants every digit of
// 530802477690587182080000000 can have it, where a double would round it).

export function toJson(value: unknown, indent = 2): string {
  // A marker no user-given string can contain by chance: fresh for every call.
  const mark = `bigint-${[...globalThis.crypto.getRandomValues(new Uint32Array(4))].map((n) => n.toString(16)).join('')}:`;
  const text = JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? `${mark}${v.toString()}` : v), indent);
  return text.replace(new RegExp(`"${mark}(-?\\d+)"`, 'g'), '$1');
}
