// A game log's text as JSON: every failure an InputError naming the source, with a line and column
// for a syntax error, and a key given twice refused (JSON.parse would keep the last one silently).
import { InputError } from '../model/errors.js';
import { quote, shorten } from '../model/quote.js';
import { duplicateKey } from './json-keys.js';

/** The largest game log read: far beyond any real game, small enough to refuse a runaway file early. */
export const MAX_LOG_BYTES = 64 * 1024 * 1024;

/** JSON-parses the text of a game log; `source` names it in messages (a file's path, "the log"). */
export function parseLogText(text: string, source = 'the log'): unknown {
  const clean = text.replace(/^\uFEFF/, '');
  let json: unknown;
  try {
    json = JSON.parse(clean);
  } catch (e) {
    throw new InputError(`${shorten(source)} is not valid JSON: ${describeJsonError(e, clean)}`);
  }
  // JSON.parse keeps the last of two equal keys without a word: a category given twice would lose
  // its first cards. Only logs with a deck, a deal or rules of their own are scanned (it costs as
  // much as parsing).
  const named = typeof json === 'object' && json !== null && ['deck', 'deal', 'rules'].some((k) => Object.hasOwn(json, k));
  const twice = named ? duplicateKey(clean) : null;
  if (twice !== null) {
    const where = twice.path === '' ? '' : `${twice.path}: `;
    throw new InputError(`invalid game log: ${where}key ${quote(twice.key)} is given twice (JSON keeps only the last)`);
  }
  return json;
}

/** V8 reports a character offset; people want a line and column. */
function describeJsonError(e: unknown, text: string): string {
  const msg = e instanceof Error ? e.message : String(e);
  const at = (pos: number): string => {
    let line = 1;
    let lineStart = 0;
    for (let i = text.indexOf('\n'); i !== -1 && i < pos; i = text.indexOf('\n', i + 1)) {
      line++;
      lineStart = i + 1;
    }
    return `line ${line} column ${pos - lineStart + 1}`;
  };
  const m = /\s*in JSON at position (\d+)(?: \(line \d+ column \d+\))?/.exec(msg);
  if (m) return `${msg.slice(0, m.index)} at ${at(Number(m[1]))}${msg.slice(m.index + m[0].length)}`;
  if (/Unexpected end of JSON input/.test(msg)) return `unexpected end of input at ${at(text.length)}`;
  return msg;
}
