// An agent module (cluedo simulate --agent-module) that leaves the reasoning to the library: it
// makes the suggestion `suggest` ranks best (the best naming its room, on a board), shows a card
// the suggester has already seen from it when it can, and accuses once `analyze` leaves one
// solution. Its randomness comes from the generator it is given, so its games are the same on any
// number of threads.
//
//   cluedo simulate --agent-module informed=examples/agents/informed-agent.mjs --agents informed,deductive
import { analyze, suggest } from 'cluedo-engine';

export default function makeAgent({ label, random }) {
  return {
    label,
    async suggest(view, room) {
      // view.game() is the seat's position: its hand, the events as it saw them, nothing of the deal.
      const ranking = await suggest(view.game(), { samples: 2000, seed: random.nextU32() });
      // Certain already (it learned on the others' turns): name the solution, in its room on a board.
      if (ranking.accuse !== null) return ranking.accuse.map((c) => (room !== undefined && view.deck.categoryOf[c] === view.deck.categoryOf[room] ? room : c));
      return (ranking.suggestions.find((s) => room === undefined || s.cards.includes(room)) ?? ranking.suggestions[0]).cards;
    },
    refute(view, suggester, held) {
      const seenBefore = held.filter((c) => (view.showedTo(suggester) >>> c) & 1);
      return random.pick(seenBefore.length > 0 ? seenBefore : held);
    },
    decide(view) {
      const { solutions } = analyze(view.game());
      return solutions.length === 1 ? { certain: true, accusation: solutions[0].cards } : { certain: false, accusation: null };
    },
  };
}
