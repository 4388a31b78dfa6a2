#!/usr/bin/env node
// A Clue agent for cluedo-engine's process protocol (docs/agent-protocol.md) in plain JavaScript,
// run by Node with no package: the same elimination play as elimination_agent.py, from a program
// of another language, to show the protocol is all a program needs.
//
//   cluedo simulate --agent-cmd elimjs="node examples/agents/elimination-agent.mjs" --agents elimjs,deductive
import { createInterface } from 'node:readline';

const CLASSIC = [
  ['Miss Scarlet', 'Colonel Mustard', 'Mrs. White', 'Mr. Green', 'Mrs. Peacock', 'Professor Plum'],
  ['Candlestick', 'Knife', 'Lead Pipe', 'Revolver', 'Rope', 'Wrench'],
  ['Kitchen', 'Ballroom', 'Conservatory', 'Dining Room', 'Billiard Room', 'Library', 'Lounge', 'Hall', 'Study'],
];

/** A small seeded generator (mulberry32): the request's seed decides every random choice. */
function generator(seed) {
  let a = seed >>> 0;
  return (n) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 2 ** 32) * n);
  };
}

function stillPossible(game) {
  const deck = game.deck ? Object.values(game.deck) : CLASSIC;
  const out = new Set([...(game.myHand ?? []), ...(game.faceUp ?? [])]);
  for (const e of game.events ?? []) if (e.shown && e.by === game.me) out.add(e.shown);
  return deck.map((category) => category.filter((card) => !out.has(card)));
}

function decide(request) {
  const pick = generator(request.seed);
  const possible = stillPossible(request.game);
  switch (request.type) {
    case 'suggest': {
      const cards = possible.map((c) => c[pick(c.length)]);
      if (request.room) cards[cards.length - 1] = request.room;
      return { cards };
    }
    case 'refute':
      return { show: request.options[pick(request.options.length)] };
    case 'accuse':
      return { accuse: possible.every((c) => c.length === 1) ? possible.map((c) => c[0]) : null };
  }
  throw new Error(`unknown request ${request.type}`);
}

for await (const line of createInterface({ input: process.stdin })) {
  const request = JSON.parse(line);
  if (request.type === 'end') continue;
  const reply = request.type === 'hello' ? { type: 'hello', protocol: 1, name: 'elimination-js', extensions: ['certain'] } : { id: request.id, ...decide(request) };
  process.stdout.write(`${JSON.stringify(reply)}\n`);
}
