// Duplicate keys in a game log. JSON.parse keeps the last of two equal keys without a word, so a
// log giving a category (or "events") twice would silently lose what the first one said. This
// scans the text that JSON.parse has already accepted, looking at the keys of the top-level
// object and of the objects whose keys are names (its "deck", its "deal", its "rules" and their
// "handQuotas") only, and skips every other value at the speed of a regex.

export interface DuplicateKey {
  /** Where the object is: '' for the top level, else its path ('deck', 'deal', 'rules.handQuotas'). */
  path: string;
  key: string;
}

const WHITESPACE = /[ \t\n\r]*/y;
const STRUCTURE = /["{}[\]]/g;
const SCALAR_END = /[,}\] \t\n\r]/g;

/** The objects scanned below the top level, by key, with the objects scanned inside each. */
interface Scanned {
  [key: string]: Scanned;
}
const SCANNED: Scanned = { deck: {}, deal: {}, rules: { handQuotas: {} } };

/** The first key given twice in the top-level object or in one of the SCANNED objects, or null. `text` must be valid JSON. */
export function duplicateKey(text: string): DuplicateKey | null {
  const start = skipWhitespace(text, 0);
  if (text[start] !== '{') return null;
  let found: DuplicateKey | null = null;
  // JSON.parse keeps the last of two equal keys, so only the last one's keys matter (a second
  // "deck" is itself reported as a duplicate key).
  const scan = (open: number, path: string, inside: Scanned): number =>
    scanObject(
      text,
      open,
      (key, valueAt) =>
        Object.hasOwn(inside, key) && text[valueAt] === '{'
          ? scan(valueAt, path === '' ? key : `${path}.${key}`, inside[key])
          : skipValue(text, valueAt),
      (dup) => (found ??= { path, key: dup }),
    );
  scan(start, '', SCANNED);
  return found;
}

/**
 * Walks the object at `open` (its "{"), calling `member` with each key and where its value starts;
 * `member` returns where the value ends. Calls `duplicate` for a key seen before. Returns the
 * position after the closing "}".
 */
function scanObject(
  text: string,
  open: number,
  member: (key: string, valueAt: number) => number,
  duplicate: (key: string) => void,
): number {
  const seen = new Set<string>();
  let i = skipWhitespace(text, open + 1);
  if (text[i] === '}') return i + 1;
  for (;;) {
    const end = stringEnd(text, i);
    const raw = text.slice(i, end);
    const key = raw.includes('\\') ? (JSON.parse(raw) as string) : raw.slice(1, -1);
    if (seen.has(key)) duplicate(key);
    seen.add(key);
    i = skipWhitespace(text, skipWhitespace(text, end) + 1); // past the ':'
    i = skipWhitespace(text, member(key, i));
    if (text[i] === '}') return i + 1;
    i = skipWhitespace(text, i + 1); // past the ','
  }
}

function skipWhitespace(text: string, from: number): number {
  WHITESPACE.lastIndex = from;
  WHITESPACE.test(text);
  return WHITESPACE.lastIndex;
}

/** The position after the string starting at `open` (its opening quote). */
function stringEnd(text: string, open: number): number {
  let i = open + 1;
  for (;;) {
    const quote = text.indexOf('"', i);
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === 92) backslashes++;
    if (backslashes % 2 === 0) return quote + 1;
    i = quote + 1;
  }
}

/** The position after the JSON value starting at `at`. */
function skipValue(text: string, at: number): number {
  const c = text[at];
  if (c === '"') return stringEnd(text, at);
  if (c !== '{' && c !== '[') {
    SCALAR_END.lastIndex = at;
    return SCALAR_END.test(text) ? SCALAR_END.lastIndex - 1 : text.length;
  }
  let depth = 0;
  STRUCTURE.lastIndex = at;
  for (let m = STRUCTURE.exec(text); m !== null; m = STRUCTURE.exec(text)) {
    const ch = m[0];
    if (ch === '"') STRUCTURE.lastIndex = stringEnd(text, m.index);
    else if (ch === '{' || ch === '[') depth++;
    else if (--depth === 0) return m.index + 1;
  }
  return text.length;
}
