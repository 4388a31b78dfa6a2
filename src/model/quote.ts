// How messages show what the user wrote: names can be anything a JSON string holds (newlines, a
// megabyte of text, an escape sequence), and a message must stay one readable line that shows
// every character as it is and lets none of them act on the terminal.

/**
 * A character that acts rather than shows: a control (C0 and DEL: escape sequences, carriage
 * returns, NUL; C1), a format character (zero-width characters, bidi controls, the soft hyphen) or
 * the line or paragraph separator. Messages show it escaped; no name may hold one (model/names.ts).
 */
export const CONTROL = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;
const CONTROLS = new RegExp(CONTROL.source, 'gu');

const NAMED_CONTROLS: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** A control character as JSON writes it: \n, \r and \t by name, any other as \u escapes (two for a character beyond U+FFFF). */
function escapeControl(c: string): string {
  return NAMED_CONTROLS[c] ?? Array.from({ length: c.length }, (_, i) => `\\u${c.charCodeAt(i).toString(16).padStart(4, '0')}`).join('');
}

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

/** The name itself when short, else its first SHOWN_CHARS characters, "…" and its length; control characters escaped. */
export function shorten(s: string): string {
  return oneLine(isLong(s) ? head(s) + lengthNote(s) : s);
}

/** `"name"` with quotes, backslashes and control characters escaped as in JSON; a long one shortened. */
export function quote(s: string): string {
  // JSON.stringify escapes C0 controls but leaves DEL, C1, format characters and separators as they are.
  return oneLine(isLong(s) ? JSON.stringify(head(s)) + lengthNote(s) : JSON.stringify(s));
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

/** Control characters (CONTROL: a newline in a player's name, an escape sequence in a path) escaped, so a message stays on one line and cannot drive the terminal. */
export function oneLine(message: string): string {
  return message.replace(CONTROLS, escapeControl);
}

/** Text for a terminal: every control character escaped as oneLine does but the newlines that end its lines. */
export function terminalText(text: string): string {
  return text.replace(CONTROLS, (c) => (c === '\n' ? c : escapeControl(c)));
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
