// A strict reader of the HTML reports, to check their escaping from the outside: the page is read
// as a doctype, tags with double-quoted attributes, the style sheet and text, and anything else
// (a "<" that starts no tag, a quote that ends an attribute early) throws. What a browser would
// show is the text with its entities decoded.

export interface Element {
  name: string;
  attributes: Record<string, string>;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Text or an attribute value as a browser reads it: its character references decoded. */
export function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] === '#') return String.fromCodePoint(ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10));
    const char = ENTITIES[ref.toLowerCase()];
    if (char === undefined) throw new Error(`unknown entity ${whole}`);
    return char;
  });
}

/** The page's elements in document order and its text (decoded), or an error where the page is not made only of tags and text. */
export function readPage(page: string): { elements: Element[]; text: string } {
  const elements: Element[] = [];
  const texts: string[] = [];
  let at = 0;
  const doctype = /^<!DOCTYPE html>\n/i.exec(page);
  if (doctype) at = doctype[0].length;
  const tag = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)((?:\s+[a-zA-Z_:][-a-zA-Z0-9_:.]*="[^"<]*")*)\s*(\/?)>/y;
  while (at < page.length) {
    if (page[at] !== '<') {
      const end = page.indexOf('<', at);
      const text = page.slice(at, end === -1 ? page.length : end);
      texts.push(decode(text));
      at += text.length;
      continue;
    }
    tag.lastIndex = at;
    const m = tag.exec(page);
    if (m === null) throw new Error(`not a tag at ${at}: ${JSON.stringify(page.slice(at, at + 60))}`);
    at = tag.lastIndex;
    if (m[1] === '/') continue;
    const attributes: Record<string, string> = {};
    for (const a of m[3].matchAll(/([a-zA-Z_:][-a-zA-Z0-9_:.]*)="([^"]*)"/g)) attributes[a[1]] = decode(a[2]);
    elements.push({ name: m[2].toLowerCase(), attributes });
    if (m[2].toLowerCase() === 'style') {
      // A raw text element: the style sheet runs to its end tag.
      const end = page.indexOf('</style>', at);
      if (end === -1) throw new Error('a style element without its end');
      at = end;
    }
  }
  return { elements, text: texts.join('') };
}
