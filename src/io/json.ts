// JSON text for outputs that hold exact big integers: a bigint is written as an integer literal
// with all its digits (JSON numbers have no size limit; a reader that wants every digit of
// 530802477690587182080000000 can have it, where a double would round it).

export function toJson(value: unknown, indent = 2): string {
  // A marker no user-given string can contain by chance: fresh for every call, about 100 random
  // bits. Math.random, not crypto: the marker guards against accidents, not adversaries, and
  // loading Node's Web Crypto would cost a command line's answer milliseconds.
  const mark = `bigint-${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}:`;
  const text = JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? `${mark}${v.toString()}` : v), indent);
  return text.replace(new RegExp(`"${mark}(-?\\d+)"`, 'g'), '$1');
}
