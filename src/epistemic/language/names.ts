import type { Deck } from '../../model/deck.js';
import { ownerName as nameOfOwner, ownerResolver, type OwnerResolver } from '../../model/owners.js';
import { InputError } from '../../model/errors.js';
import { makeNameResolver, type NameResolver } from '../../model/names.js';
import { quote } from '../../model/quote.js';

/** What formulas name: the deck's cards, the seats' players and the other owners (docs/epistemic.md §2). */
export interface FormulaNames {
  deck: Deck;
  players: string[];
  /** Whether cards lie face up, so that "table" names an owner (default true). */
  table?: boolean;
}

/**
 * Deepest nesting either parser accepts. Far beyond any formula a person writes, and low enough
 * that the parsers, the printer and the engines (all recursive) stay clear of the stack's limit.
 */
export const MAX_FORMULA_DEPTH = 1000;

interface Resolvers {
  card: NameResolver;
  /** The game's owners (model/owners.ts). */
  owner: OwnerResolver;
}

// A formula list reuses one names object: build its resolvers (and their memo of names) once.
const cache = new WeakMap<FormulaNames, Resolvers>();

function resolvers(names: FormulaNames): Resolvers {
  let r = cache.get(names);
  if (r === undefined) {
    r = { card: makeNameResolver('card', names.deck.cards), owner: ownerResolver(names.players, names.table ?? true) };
    cache.set(names, r);
  }
  return r;
}

/**
 * Where a name occurred, for its error message: a function, as a text formula's column costs a
 * scan of the text and only a failure needs it.
 */
export type Where = string | (() => string);

const HERE = '\u0000where\u0000';

/** Runs a resolver with a stand-in for `where`, put in place only when the resolver fails. */
function resolve(resolver: NameResolver, input: string, where: Where): number {
  if (typeof where === 'string') return resolver(input, where);
  try {
    return resolver(input, HERE);
  } catch (e) {
    // The resolver's own wording (with its "did you mean") follows the place.
    if (e instanceof InputError && e.message.startsWith(HERE)) throw new InputError(where() + e.message.slice(HERE.length));
    throw e;
  }
}

const place = (where: Where): string => (typeof where === 'string' ? where : where());

export function resolveCard(names: FormulaNames, input: string, where: Where): number {
  return resolve(resolvers(names).card, input, where);
}

/** A seat, ENVELOPE or TABLE. */
export function resolveOwner(names: FormulaNames, input: string, where: Where): number {
  return resolve(resolvers(names).owner, input, where);
}

/** A seat: the envelope and the table know nothing. */
export function resolveAgent(names: FormulaNames, input: string, where: Where): number {
  const o = resolveOwner(names, input, where);
  if (o < 0) throw new InputError(`${place(where)}: ${quote(input)} is not an agent (it never knows anything)`);
  return o;
}

export function cardName(names: FormulaNames, card: number): string {
  const name = names.deck.cards[card];
  if (name === undefined) throw new RangeError(`formula: card ${card} is not in the deck`);
  return name;
}

export function agentName(names: FormulaNames, agent: number): string {
  const name = names.players[agent];
  if (name === undefined) throw new RangeError(`formula: agent ${agent} is not a seat`);
  return name;
}

export function ownerName(names: FormulaNames, owner: number): string {
  try {
    return nameOfOwner(owner, names.players);
  } catch (e) {
    throw e instanceof RangeError ? new RangeError(`formula: ${e.message}`) : e;
  }
}
