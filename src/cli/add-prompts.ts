// The questions of `cluedo add` at a terminal, as the advisor's entry form asks them: a suggestion
// or an accusation, by whom (the next seat to play first), the cards named, who showed a card
// (the players who passed, derived from the rules, shown to be confirmed), and the card shown when
// I saw it, with the advice on which card to show when I had a choice. An answer that the facts
// already known rule out is shown but not offered, with why: the log decides it exactly
// (OpenGame.allows), and when I hold a named card the rules' order of the answers says at once
// who cannot have answered. The entry is then checked as the flags' entry is (OpenGame.with, the
// decision allows makes): should it be refused after all, the refusal (with the events it
// conflicts with) is shown, and the entry asked again or cancelled; the log is written only once
// an entry is possible.
import type { OpenGame } from '../analysis/open-game.js';
import { refutationAdvice } from '../analysis/refute-advice.js';
import type { GameLogEvent } from '../io/log.js';
import { cardsInWords } from '../io/describe.js';
import type { Game } from '../model/game.js';
import { InputError } from '../model/errors.js';
import { nameMatches } from '../model/names.js';
import { answerers, mayAct, nextTurn, oneRefuterAnswers, passers, standingAfter } from '../model/rules.js';
import { TURN_WORDS, turnEvent, type Turn } from './log-turn.js';
import { renderAdvice } from './refute-command.js';
import { Questions, withQuestions, type Choice } from './prompt-kit.js';
import { cliWords } from './errors.js';

/** An entry as answered so far: seats and cards as indices; the answers kept when it is asked again. */
interface Draft {
  kind: 'suggestion' | 'accusation';
  by: number;
  /** One card per category, in category order. */
  cards: number[];
  /** Who showed a card: a seat, or null for nobody; undefined before it is asked. */
  shownBy?: number | null;
  /** The card shown, when I saw it. */
  shown: number | null;
  correct: boolean;
}

/** The game after the turn the person enters at the terminal (not yet written). */
export function askTurn(file: string, before: OpenGame): Promise<OpenGame> {
  const game = before.game;
  return withQuestions(`cluedo add ${file}`, `${file} unchanged`, async (q) => {
    let draft: Draft = { kind: 'suggestion', by: nextTurn(game.events, game.players.length), cards: [], shown: null, correct: false };
    for (;;) {
      draft = await askDraft(q, before, draft);
      try {
        return before.with(turnEvent(turnOf(game, draft)), { words: TURN_WORDS });
      } catch (e) {
        if (!(e instanceof InputError)) throw e;
        q.refuse(cliWords(e));
        const next = await q.select(`Nothing was added to ${file}.`, [
          { value: 'again', label: 'change the entry' },
          { value: 'cancel', label: `cancel: leave ${file} as it is` },
        ]);
        if (next === 'cancel') q.cancel();
      }
    }
  });
}

/** The draft as a turn, every name in full. */
function turnOf(game: Game, draft: Draft): Turn {
  const player = (s: number) => game.players[s];
  const cards = draft.cards.map((c) => game.deck.cards[c]);
  if (draft.kind === 'accusation') return { kind: 'accusation', by: player(draft.by), cards, correct: draft.correct };
  return {
    kind: 'suggestion',
    by: player(draft.by),
    cards,
    shownBy: draft.shownBy == null ? null : player(draft.shownBy),
    ...(draft.shown !== null && { shown: game.deck.cards[draft.shown] }),
  };
}

async function askDraft(q: Questions, before: OpenGame, previous: Draft): Promise<Draft> {
  const game = before.game;
  const { players, me, deck, rules } = game;
  const you = (s: number) => (s === me ? `${players[s]} (you)` : players[s]);
  const oneEvent = oneRefuterAnswers(rules);
  const kind = await q.select<'suggestion' | 'accusation'>(
    'Which turn?',
    [
      { value: 'suggestion', label: 'a suggestion', ...(!oneEvent && { disabled: true, hint: 'under this log\'s rules every seat answers: write the log\'s events by hand' }) },
      { value: 'accusation', label: 'an accusation' },
    ],
    oneEvent ? previous.kind : 'accusation',
  );
  const standing = standingAfter(game.events, players.length);
  const by = await q.select(
    kind === 'suggestion' ? 'Who suggested?' : 'Who accused?',
    players.map((p, s) => ({ value: s, label: you(s), ...(!mayAct(standing, s, 'turn') && { disabled: true, hint: 'out of the game: accused wrongly' }) })),
    previous.by,
  );
  const subject = by === me ? 'you' : players[by];
  const cards: number[] = [];
  for (const [g, category] of deck.categories.entries()) {
    const options = category.cards.map((name) => ({ value: deck.cards.indexOf(name), label: name }));
    cards.push(
      await q.search(`Which of the ${category.name} did ${subject} name? (type to narrow the list)`, options, {
        // Typing narrows the list as every name is completed (model/names.ts).
        matches: (typed, label) => nameMatches([label], typed).length > 0,
        initialValue: previous.cards[g],
        none: `no ${category.name} matches what is typed: change it`,
      }),
    );
  }
  const entry = (draft: Omit<Draft, 'kind' | 'by' | 'cards'>) => turnEvent(turnOf(game, { kind, by, cards, ...draft }));
  if (kind === 'accusation') {
    const correct = await q.select(
      'Was it correct? (a correct accusation ends the game)',
      offered(before, [{ value: true, label: 'correct' }, { value: false, label: 'wrong' }], (correct) => entry({ shown: null, correct })),
      previous.kind === 'accusation' && previous.correct,
    );
    return { kind, by, cards, shown: null, correct };
  }
  const shownBy = await askShower(q, before, by, cards, previous.shownBy);
  const shown = await askShown(q, before, by, cards, shownBy, previous.shown);
  return { kind, by, cards, shownBy, shown, correct: false };
}

/** Beside an answer the log rules out: no deal of the log leaves it possible. */
const RULED_OUT = 'ruled out by the log';

/**
 * `options` with every one whose entry the log rules out (OpenGame.allows) shown but not offered;
 * an option already not offered keeps its own reason.
 */
function offered<T>(before: OpenGame, options: Array<Choice<T>>, entry: (value: T) => GameLogEvent): Array<Choice<T>> {
  return options.map((o) => (o.disabled || before.allows(entry(o.value)) ? o : { ...o, disabled: true, hint: RULED_OUT }));
}

/**
 * Who showed a card, in the order the answers go; the players who passed derived and confirmed.
 * When I am asked to answer, what I hold decides at once: holding none of the named cards I
 * cannot have shown one; holding one, I cannot have passed, so neither nobody nor a player the
 * answers reach after me can have shown it.
 */
async function askShower(q: Questions, before: OpenGame, by: number, cards: number[], previous: number | null | undefined): Promise<number | null> {
  const game = before.game;
  const { players, me, rules } = game;
  const NOBODY = -1;
  const held = me === null ? [] : cards.filter((c) => game.myHand.includes(c));
  const order = answerers(by, players.length, rules);
  const passed = (shownBy: number | null) => passers({ type: 'suggestion', by, cards, shownBy, shown: null }, players.length, rules);
  const mine = `you hold ${cardsInWords(game, held)}: you would have shown ${held.length === 1 ? 'it' : 'one'}`;
  /** Why what I hold rules out `shownBy`, or undefined. */
  const notMe = (shownBy: number | null): string | undefined => {
    if (me === null || !order.includes(me)) return undefined;
    if (shownBy === me && held.length === 0) return 'you hold none of the named cards';
    return held.length > 0 && passed(shownBy).includes(me) ? mine : undefined;
  };
  const choice = (seat: number, label: string): Choice<number> => {
    const why = notMe(seat === NOBODY ? null : seat);
    return { value: seat, label, ...(why !== undefined && { disabled: true, hint: why }) };
  };
  const options = offered(
    before,
    [...order.map((s) => choice(s, s === me ? `${players[s]} (you)` : players[s])), choice(NOBODY, 'nobody: everyone passed')],
    (seat) => turnEvent(turnOf(game, { kind: 'suggestion', by, cards, shownBy: seat === NOBODY ? null : seat, shown: null, correct: false })),
  );
  for (;;) {
    const seat = await q.select(
      `Who showed ${by === me ? 'you' : players[by]} a card?`,
      options,
      previous === null ? NOBODY : previous !== undefined && order.includes(previous) ? previous : undefined,
    );
    const shownBy = seat === NOBODY ? null : seat;
    const names = passed(shownBy).map((s) => players[s]);
    const line = names.length === 0 ? 'Passed: nobody' : `Passed: ${names.join(', ')}`;
    if (await q.confirm(`${line}. Right?`, { yes: 'yes', no: 'no, change who showed' })) return shownBy;
    previous = shownBy;
  }
}

/**
 * The card shown, when I saw it (as the advisor limits it): shown to me, one of the named cards
 * the shower can hold (not mine, nor one the log places elsewhere); shown by me, one of the named
 * cards in my hand, with what each gives away when I had a choice.
 */
async function askShown(q: Questions, before: OpenGame, by: number, cards: number[], shownBy: number | null, previous: number | null): Promise<number | null> {
  const game = before.game;
  const { me, players, deck } = game;
  if (me === null || shownBy === null || (by !== me && shownBy !== me)) return null;
  const choices = shownBy === me ? cards.filter((c) => game.myHand.includes(c)) : cards;
  let first = previous !== null && choices.includes(previous) ? previous : undefined;
  if (shownBy === me && choices.length > 1) {
    try {
      const advice = refutationAdvice(game, { suggester: by, cards });
      q.say(renderAdvice(game, advice));
      first ??= advice.options[0].card;
    } catch (e) {
      if (!(e instanceof InputError)) throw e;
      q.refuse(`no advice on which card to show: ${cliWords(e)}`);
    }
  }
  const options = choices.map((c) => ({ value: c, label: deck.cards[c], ...(shownBy !== me && game.myHand.includes(c) && { disabled: true, hint: 'you hold it' }) }));
  return q.select(
    shownBy === me ? `Which card did you show ${players[by]}?` : `Which card did ${players[shownBy]} show you?`,
    offered(before, options, (shown) => turnEvent(turnOf(game, { kind: 'suggestion', by, cards, shownBy, shown, correct: false }))),
    first,
  );
}
