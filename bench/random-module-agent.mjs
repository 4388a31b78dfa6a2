// The agent module of bench/agents.ts: the example of docs/agents.md, which plays as
// examples/agents/random_agent.py does (one random card of each category, the room it is given on
// a board; a card it may show; never an accusation), answering at once from its own generator.
export default function makeAgent({ label, deck, random }) {
  const categories = deck.categories.map((_, g) => deck.cards.map((_, c) => c).filter((c) => deck.categoryOf[c] === g));
  return {
    label,
    suggest: (view, room) => categories.map((cards, g) => (room !== undefined && g === categories.length - 1 ? room : cards[random.below(cards.length)])),
    refute: (view, suggester, held) => held[random.below(held.length)],
    decide: () => ({ certain: false, accusation: null }),
  };
}
