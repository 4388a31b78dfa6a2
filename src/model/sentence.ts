// A message set inside a sentence of its own: the messages of the library end as they end (a
// name, a number, "did you mean "Knife"?"), and whatever writes one as a sentence ends it here,
// so that no message ever ends "?." or "..".

/** `message` ended as a sentence: a period after it, unless it already ends with one, "?" or "!". */
export function asSentence(message: string): string {
  return /[.?!]$/.test(message) ? message : `${message}.`;
}
