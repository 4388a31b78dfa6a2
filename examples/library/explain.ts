// Why a cell of the notebook is certain: a minimal set of events that forces it, in words; and
// what the library says when asked about a card that is not certain, or given a log no deal fits.
// The log is written in the program (typed by GameLog, the JSON of docs/game-log.md).
//
//   node explain.js
import { explain, findContradiction, analyze, ContradictionError, InputError, type GameLog } from 'cluedo-engine';

const log: GameLog = {
  deck: { culprits: ['Ada', 'Bo', 'Cy', 'Di'], tools: ['axe', 'bat', 'cord', 'dart', 'edge'], places: ['attic', 'barn', 'cellar'] },
  players: ['Pat', 'Quinn', 'Ray'],
  me: 'Pat',
  myHand: ['cord', 'dart', 'bat'],
  events: [
    { type: 'suggestion', by: 'Pat', cards: ['Di', 'dart', 'cellar'], shownBy: null },
    { type: 'suggestion', by: 'Quinn', cards: ['Cy', 'bat', 'cellar'], shownBy: 'Pat' },
    { type: 'suggestion', by: 'Ray', cards: ['Bo', 'bat', 'barn'], shownBy: 'Pat' },
    { type: 'suggestion', by: 'Pat', cards: ['Ada', 'cord', 'barn'], shownBy: 'Ray', shown: 'barn' },
    { type: 'suggestion', by: 'Quinn', cards: ['Bo', 'bat', 'barn'], shownBy: 'Ray' },
  ],
};

// Cards and owners are named as the log names them (or given by index).
for (const card of ['Cy', 'Di', 'attic']) {
  try {
    const why = explain(log, { card });
    console.log(`${card}: ${why.text}`);
    console.log(`  rests on events ${why.events.map((e) => e.event).join(', ') || 'none'}; setup: ${why.fromSetup.join(', ') || 'nothing'}`);
  } catch (error) {
    // Not certain: the message says where the card may still be, with the odds.
    if (!(error instanceof InputError)) throw error;
    console.log(`${card}: ${error.message}`);
  }
}

// Why a given owner cannot hold a card (holds: false); owners are seats, "envelope" and "table".
console.log(explain(log, { card: 'attic', owner: 'envelope', holds: false }).text);

// A log no deal fits: Quinn passes on Cy, a card Quinn must hold (above).
const impossible: GameLog = { ...log, events: [...(log.events ?? []), { type: 'suggestion', by: 'Pat', cards: ['Cy', 'axe', 'attic'], shownBy: 'Ray' }] };
console.log(findContradiction(impossible)?.text);
try {
  analyze(impossible);
} catch (error) {
  if (!(error instanceof ContradictionError)) throw error;
  console.log(`${error.name} at event ${error.contradiction.event}, conflicting with events ${error.contradiction.conflicts.map((e) => e.event).join(', ')}`);
}
