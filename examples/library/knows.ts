// Who knows what: formulas of epistemic logic (docs/epistemic.md) asked of a small game. Four
// cards r, b, w and blank; one in the envelope, one in each of three hands. Each player in turn
// says it holds no blank; then p2 says it holds no r.
//
//   node knows.js
import { parseGame, type GameLog } from 'cluedo-engine';
import { knows, parseFormulaText, printFormula, formulaNames, K, Kenv, has, type Formula, type FormulaQuery } from 'cluedo-engine/epistemic';

const record: GameLog = {
  deck: { colours: ['r', 'b', 'w', 'blank'] },
  players: ['p1', 'p2', 'p3'],
  // The full record: formulas have a value at this deal (rather than a probability).
  deal: { p1: ['r'], p2: ['b'], p3: ['w'], envelope: ['blank'] },
  events: [
    { type: 'nocard', by: 'p1', cards: ['blank'] },
    { type: 'nocard', by: 'p2', cards: ['blank'] },
    { type: 'nocard', by: 'p3', cards: ['blank'] },
    { type: 'nocard', by: 'p2', cards: ['r'] },
  ],
};

// Formulas as text, asked after the whole log.
const report = await knows(record, ['Kenv[p1]', 'K[p1] has(p3, w)', 'K[p3] has(p1, r)', 'C[p1,p2,p3] has(envelope, blank)']);
console.log(`After the whole log (${report.method}, ${report.worlds} worlds):`);
for (const r of report.results) console.log(`  ${r.formula}: ${r.value}`);

// Formulas as syntax trees, each asked at its own point of the log (after `at` events): built in
// code, where seats and cards are indices (in the players and the deck), or parsed from text with
// the game's names; printFormula writes them back with the names.
const game = parseGame(record);
const names = formulaNames(game);
const [p1, p2] = [0, 1];
const b = 1;
const asked: Formula[] = [Kenv(p1), K(p1, has(p2, b)), parseFormulaText('K[p3] has(p1, r)', names)];
const queries: FormulaQuery[] = asked.flatMap((formula, f) =>
  [0, 1, 2, 3, 4].map((at) => ({ id: `${f}@${at}`, at, formula, text: printFormula(formula, names) })),
);
const { results } = await knows(game, queries);
console.log('\nAfter 0, 1, 2, 3 and 4 events:');
for (const formula of asked) {
  const text = printFormula(formula, names);
  console.log(`  ${text}: ${results.filter((q) => q.formula === text).map((q) => q.value).join(' ')}`);
}

// From p3's seat: the log without the deal, as p3 saw it. Here formulas have the probability that
// they hold over the deals p3 still considers possible, and whether p3 knows them.
const { deal: _hidden, ...seen } = record;
const mine: GameLog = { ...seen, me: 'p3', myHand: ['w'] };
console.log('\nAs p3 sees it:');
for (const q of (await knows(mine, ['K[p1] has(p2, b)', 'has(p1, r)', 'K[p1] has(envelope, blank)'])).results) {
  console.log(`  ${q.formula}: probability ${q.probability?.toFixed(3)}, p3 knows it: ${q.known}`);
}
