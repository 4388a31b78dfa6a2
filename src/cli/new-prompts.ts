// The questions of `cluedo new` at a terminal: the deck, the players in seat order, how an uneven
// deal was shared out, who I am, and my hand. Each answer is checked by the function the flags'
// answers go through (log-setup.ts: the log reader's check of the setup so far), so a mistake is
// its one line under the question, asked again.
import { CLASSIC_DECK } from '../model/deck.js';
import type { Game } from '../model/game.js';
import { InputError } from '../model/errors.js';
import { nameList } from './options.js';
import { checkSetup, CLASSIC_SOURCE, deckOfLog, deckOfText, type DeckSource, type SetupAnswers } from './log-setup.js';
import { Questions, withQuestions } from './prompt-kit.js';
import { counted, forCount } from '../model/numbers.js';
import { joinList } from '../model/quote.js';

/** The answers to every question of `cluedo new FILE`; the deck is not asked when `given.deck` is there (--deck-of). */
export function askSetup(file: string, given: { deck?: DeckSource }): Promise<SetupAnswers> {
  return withQuestions(`cluedo new ${file}`, `${file} not written`, async (q) => {
    const deck = given.deck ?? (await askDeck(q));
    const players = await askPlayers(q, deck);
    // The players as the reader keeps them (trimmed); hand sizes as the flags' log gets them.
    const setup = checkSetup({ deck, players, me: null, hand: [] });
    const faceUp = await askFaceUp(q, deck, setup);
    const dealt = checkSetup({ deck, players: setup.players, me: null, hand: [], faceUp });
    const me = await askMe(q, dealt);
    const answers: SetupAnswers = { deck, players: setup.players, me, hand: [], faceUp };
    if (me !== null) answers.hand = await askHand(q, answers);
    return answers;
  });
}

async function askDeck(q: Questions): Promise<DeckSource> {
  const classic = CLASSIC_DECK.categories.map((c) => `${c.cards.length} ${c.name}`).join(', ');
  const kind = await q.select('Which deck?', [
    { value: 'classic', label: 'the classic deck', hint: classic },
    { value: 'typed', label: 'a deck of my own, typed' },
    { value: 'log', label: 'the deck of another game log' },
  ]);
  if (kind === 'classic') return CLASSIC_SOURCE;
  if (kind === 'typed') {
    const text = await q.lines('The deck: one category a line, "category: card, card, ..." (Enter twice when done)', {
      placeholder: 'suspects: Scarlet, Mustard, White',
      check: deckOfText,
    });
    return deckOfText(text);
  }
  return deckOfLog(await q.text('Which game log has the deck?', { placeholder: 'game.json', check: deckOfLog }));
}

async function askPlayers(q: Questions, deck: DeckSource): Promise<string[]> {
  const playersOf = (text: string) => nameList('--players')(text);
  const text = await q.text('The players in seat order (the order the answers go round the table), separated by commas', {
    placeholder: 'Ann, Bob, Cat, Dan',
    check: (answer) => checkSetup({ deck, players: playersOf(answer), me: null, hand: [] }),
  });
  return playersOf(text);
}

/** Which seat I am, or null for a spectator. */
async function askMe(q: Questions, setup: Game): Promise<string | null> {
  const SPECTATOR = -1;
  const seat = await q.select('Which player are you?', [
    ...setup.players.map((p, s) => ({ value: s, label: p, hint: `holds ${counted(setup.handSizes[s], 'card')}` })),
    { value: SPECTATOR, label: 'none: I watch (a spectator)' },
  ]);
  return seat === SPECTATOR ? null : setup.players[seat];
}

/** "Ann and Bob hold 5 cards, Cat and Dan 4": the hand sizes, grouped. */
function handSizesInWords(setup: Game): string {
  const groups: Array<{ size: number; players: string[] }> = [];
  setup.players.forEach((p, s) => {
    const size = setup.handSizes[s];
    const last = groups[groups.length - 1];
    if (last?.size === size) last.players.push(p);
    else groups.push({ size, players: [p] });
  });
  return groups.map((g, i) => `${joinList(g.players)} ${forCount(g.players.length, 'holds', 'hold')} ${i === 0 ? counted(g.size, 'card') : g.size}`).join(', ');
}

/**
 * When the cards dealt do not share out evenly: dealt round the table (the earlier seats take the
 * extra cards, as a log without hand sizes says), or some laid face up. Undefined: none face up.
 */
async function askFaceUp(q: Questions, deck: DeckSource, setup: Game): Promise<string[] | undefined> {
  const n = setup.players.length;
  const dealt = setup.handSizes.reduce((a, b) => a + b, 0);
  if (dealt % n === 0) return undefined;
  const how = await q.select(`The ${counted(dealt, 'card')} dealt ${forCount(dealt, 'does', 'do')} not share out evenly among ${n} players: how were they dealt?`, [
    { value: 'round', label: `round the table: ${handSizesInWords(setup)}` },
    { value: 'faceUp', label: `the ${dealt % n} left over laid face up for everyone`, hint: `each player holds ${counted(Math.floor(dealt / n), 'card')}` },
  ]);
  if (how === 'round') return undefined;
  const { cards, categories, categoryOf } = setup.deck;
  const faceUp = await q.some(
    'Which cards are face up? (Space to choose, Enter when done)',
    cards.map((c, i) => ({ value: c, label: c, hint: categories[categoryOf[i]].name })),
    {
      check: (chosen) => {
        if (chosen.length === 0) throw new InputError('choose the cards laid face up (Space), then Enter');
        return checkSetup({ deck, players: setup.players, me: null, hand: [], faceUp: chosen });
      },
    },
  );
  return inDeckOrder(faceUp, cards);
}

/** Cards as chosen, in the deck's order (the order a list of cards is written in). */
function inDeckOrder(chosen: string[], cards: string[]): string[] {
  return [...chosen].sort((a, b) => cards.indexOf(a) - cards.indexOf(b));
}

/** My cards: as many as my hand size, none face up. */
async function askHand(q: Questions, answers: SetupAnswers): Promise<string[]> {
  const setup = checkSetup({ ...answers, me: null });
  const size = setup.handSizes[setup.players.indexOf(answers.me!)];
  if (size === 0) return [];
  const { cards, categories, categoryOf } = setup.deck;
  const faceUp = new Set(setup.faceUp);
  const hand = await q.some(
    `Your ${counted(size, 'card')} (Space to choose, Enter when done)`,
    cards.flatMap((c, i) => (faceUp.has(i) ? [] : [{ value: c, label: c, hint: categories[categoryOf[i]].name }])),
    { check: (chosen) => checkSetup({ ...answers, hand: chosen }) },
  );
  return inDeckOrder(hand, cards);
}
