// A command line split into words as a POSIX shell splits them, quotes and backslashes included,
// with nothing expanded ($, ~, globs stay as written) and no shell run.

/** The words of `command`; throws on an unterminated quote or a trailing backslash. */
export function commandWords(command: string): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let i = 0;
  const fail = (why: string) => {
    throw new Error(why);
  };
  while (i < command.length) {
    const c = command[i];
    if (c === ' ' || c === '\t' || c === '\n') {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
      i++;
    } else if (c === "'") {
      const end = command.indexOf("'", i + 1);
      if (end < 0) fail('an unterminated single quote');
      word += command.slice(i + 1, end);
      inWord = true;
      i = end + 1;
    } else if (c === '"') {
      inWord = true;
      i++;
      for (;;) {
        if (i >= command.length) fail('an unterminated double quote');
        const d = command[i];
        if (d === '"') break;
        // Inside double quotes a backslash escapes only $ ` " \ and a newline (which it removes).
        if (d === '\\' && i + 1 < command.length && '$`"\\\n'.includes(command[i + 1])) {
          if (command[i + 1] !== '\n') word += command[i + 1];
          i += 2;
        } else {
          word += d;
          i++;
        }
      }
      i++;
    } else if (c === '\\') {
      if (i + 1 >= command.length) fail('a backslash at the end');
      if (command[i + 1] !== '\n') {
        word += command[i + 1];
        inWord = true;
      }
      i += 2;
    } else {
      word += c;
      inWord = true;
      i++;
    }
  }
  if (inWord) words.push(word);
  return words;
}
