// How messages show what the user wrote: names can be anything a JSON string holds (newlines, a
// megabyte of text), and a message must stay one readable line.

/** Longer names are cut to this many characters in messages. */
export const SHOWN_CHARS = 40;

/** Longest list of names a message spells out; beyond it, "and N more". */
const LIST_CHARS = 400;

function isLong(s: string): boolean {
  return s.length > SHOWN_CHARS + 12;
}

/** The first SHOWN_CHARS characters and "…" (without splitting a surrogate pair). */
function head(s: string): string {
  const end = /[\uD800-\uDBFF]/.test(s.charAt(SHOWN_CHARS - 1)) ? SHOWN_CHARS - 1 : SHOWN_CHARS;
  return `${s.slice(0, end)}…`;
}

function lengthNote(s: string): string {
  return ` (${s.length.toLocaleString('en-US')} characters)`;
}

/** The name itself when short, else its first SHOWN_CHARS characters, "…" and its length. */
export function shorten(s: string): string {
  return isLong(s) ? head(s) + lengthNote(s) : s;
}

/** `"name"` with quotes, backslashes and control characters escaped as in JSON; a long one shortened. */
export function quote(s: string): string {
  return isLong(s) ? JSON.stringify(head(s)) + lengthNote(s) : JSON.stringify(s);
}

/** `A`, `A and B`, `A, B and C` (or another conjunction): a short list of words, as they are. */
export function joinList(items: readonly string[], conjunction = 'and'): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} ${conjunction} ${items[items.length - 1]}`;
}

/** `"A"`, `"A" or "B"`, `"A", "B" or "C"`; a long list ends with "and N more". */
export function quoteList(names: string[], conjunction = 'or'): string {
  const q: string[] = [];
  let chars = 0;
  for (const n of names) {
    const shown = quote(n);
    if (q.length > 0 && chars + shown.length > LIST_CHARS) break;
    q.push(shown);
    chars += shown.length + 2;
  }
  if (q.length < names.length) return `${q.join(', ')} and ${names.length - q.length} more`;
  return joinList(q, conjunction);
}

/** Control characters (a newline in a player's name, say) escaped, so a message stays on one line. */
export function oneLine(message: string): string {
  const named: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };
  return message.replace(/[\u0000-\u001f\u007f\u2028\u2029]/g, (c) => named[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

const utf8 = new TextEncoder();

/** The UTF-8 length of `text`, in bytes (a lone surrogate counts as the 3 bytes of its replacement). */
export function utf8Length(text: string): number {
  return utf8.encode(text).length;
}

/** The longest beginning of `text` whose UTF-8 form has at most `bytes` bytes, cut between characters. */
export function utf8Head(text: string, bytes: number): string {
  // encodeInto stops at the last whole character that fits, and says how much of the text it read.
  return text.slice(0, utf8.encodeInto(text, new Uint8Array(bytes)).read);
}
