// The named agents, as data: one entry per agent (what it knows and suggests, the options it takes
// with their defaults, how it is made). An agent is written as its name, optionally followed by
// ":key=value,key=value", e.g. "entropy:samples=5000", "deductive:accuse=risky:0.8,refute=repeat";
// parsing, the messages, `cluedo simulate --help` and the tables of docs/cli/simulate.md
// (registry-text.ts) all read these entries. The strategies of the literature are options of these
// agents (docs/agents.md says which).
import * as z from 'zod/mini';
import type { KnowledgeCore } from '../knowledge/wasm-core.js';
import type { Random } from '../model/random.js';
import { InputError } from '../model/errors.js';
import { didYouMean, nameKey } from '../model/names.js';
import { joinList, quote } from '../model/quote.js';
import type { SyncAgent, SyncMovementPolicy } from '../game/agent.js';
import { RESPONSE_POLICIES, type ResponsePolicy } from '../knowledge/responses.js';
import { exactKnowledge, naiveKnowledge, type ExactKnowledge, type KnowledgeModel } from './knowledge.js';
import { anyRoom, movementPolicy, usefulRooms } from './movement.js';
import { plannerAgent } from './planner.js';
import { DEFAULT_EPISTEMIC_DRAWS, DEFAULT_EPISTEMIC_RISK, DEFAULT_EPISTEMIC_THREAT, epistemicAgent, type EndmoveReading } from './epistemic.js';
import { refutationPolicy, REFUTATION_NAMES, type RefutationName, type RefutationPolicy } from './refutations.js';
import {
  accuseAfterWaiting,
  accuseOnTwo,
  accuseWhenCertain,
  accuseWhenLikely,
  bluffing,
  neverAccuse,
  suggestAnything,
  suggestAroundOneUnknown,
  suggestPerCategory,
  informationPerRoom,
  informationRanking,
  suggestMostInformative,
  suggestPossible,
  suggestUnowned,
  type AccusationPolicy,
  type SuggestionPolicy,
  ENTROPY_EXACTNESS,
  type EntropyExactness,
} from './policies.js';

/** The names of the built-in agents, in the order help and the documentation list them. */
export const AGENT_NAMES = ['random', 'naive', 'deductive', 'kripke', 'entropy', 'epistemic', 'planner'] as const;
export type AgentName = (typeof AGENT_NAMES)[number];

export interface AgentSpec {
  /** As written, e.g. "entropy:samples=5000": what reports call it. */
  label: string;
  name: AgentName;
  refute: RefutationName;
  /**
   * 'certain', 'never', the probability threshold of risky:P, 'two' (also when two solutions are
   * left), or { wait: N } (N own turns after becoming certain).
   */
  accuse: 'certain' | 'never' | 'two' | number | { wait: number };
  /** How naive, deductive and kripke agents choose a suggestion (see SUGGESTION_NAMES). */
  suggest: SuggestionName;
  /** Its first `bluff` suggestions name one of its own cards (0: never). */
  bluff: number;
  /** The random and planner agents: whether their suggestions may name their own cards (random's default) or never do (planner's). */
  own: 'include' | 'exclude';
  /** Samples per suggestion (entropy, epistemic and planner). */
  samples: number;
  /**
   * How exact the entropy agent's scores are: 'off' (the default), every consistent deal when
   * there are no more than `samples`, else `samples` draws; 'auto', also counted exactly where that
   * fits the draws' budget (as `suggest`); 'always', exact at every decision (listed or counted).
   */
  exact: EntropyExactness;
  /** The entropy agent: suggestions that differ only by cards its knowledge cannot tell apart share one estimate (analysis/entropy-greedy.ts scoreDeals). */
  symmetric: boolean;
  /** How the deductive and entropy agents read a card shown to them (see knowledge/responses.ts). */
  responses: ResponsePolicy;
  /** The epistemic agent's own options (its defaults for the others). */
  epistemic: { draws: number; risk: number; threat: number; endmoves: EndmoveReading };
  /** The planner's parts (see agents/planner.ts): the look-ahead and the threat on by default, closing suggestions off (they lost). */
  planner: { lookahead: boolean; closing: boolean; threat: boolean; hide: number };
}

/**
 * Uniform draws per decision of the entropy-greedy ranking (entropy, epistemic and planner agents):
 * with the bias-corrected estimate, 3,000 draws choose better than 5,000 did uncorrected, at a
 * fraction of the cost (docs/research/exact-information.md, "How many draws").
 */
export const DEFAULT_ENTROPY_SAMPLES = 3000;

/**
 * The entropy agent's draws per decision: fewer than the others', since it shares one estimate
 * among suggestions its knowledge cannot tell apart (`symmetric=on`); against the agent with 3,000
 * draws scored one by one, its strength in a league is the same within the interval
 * (docs/research/exact-information.md, "Symmetric suggestions").
 */
export const ENTROPY_AGENT_SAMPLES = 1000;

/**
 * any: any combination; possible: a combination still possible as the envelope, uniformly;
 * categories: per category a card not known to be placed; own: one unknown card, the others ones
 * nobody else can show.
 */
export const SUGGESTION_NAMES = ['any', 'possible', 'categories', 'own'] as const;
export type SuggestionName = (typeof SUGGESTION_NAMES)[number];


/** One option an agent takes, `key=value`: how the value is read, what it does, where it goes. */
export interface AgentOption<T = unknown> {
  key: string;
  /** Its values as help and the documentation show them: "on|off", "N". */
  values: string;
  /** What a value must be, for messages: "a whole number from 1 to 1,000,000". */
  expected: string;
  /** Reads a value as written; refuses every value `expected` does not describe. */
  schema: z.ZodMiniType<T>;
  /** What it does (Markdown: the documentation's words; help shows them plain). */
  meaning: string;
  /** Puts a value read into the spec. */
  set(spec: AgentSpec, value: T): void;
}

/** An option of choices: `key=a|b|c`. */
function choice<const V extends string>(key: string, values: readonly V[], meaning: string, set: (spec: AgentSpec, value: V) => void): AgentOption<V> {
  return { key, values: values.join('|'), expected: joinList(values, 'or'), schema: z.enum(values as [V, ...V[]]), meaning, set };
}

/** A whole number from `min` to `max`. */
function whole(min: number, max: number): z.ZodMiniType<number> {
  return z.pipe(z.string().check(z.regex(/^\d{1,9}$/)), z.pipe(z.transform(Number), z.number().check(z.gte(min), z.lte(max))));
}

/** A number from 0 to 1, written as digits with an optional point ("0.5", ".5", "1"). */
const FRACTION = z.pipe(z.string().check(z.regex(/^\d*\.?\d+$/)), z.pipe(z.transform(Number), z.number().check(z.gte(0), z.lte(1))));

/** An option of one number: `key=N`, read by `schema`, worded `expected` in messages. */
function numberOption(key: string, values: string, schema: z.ZodMiniType<number>, expected: string, meaning: string, set: (spec: AgentSpec, value: number) => void): AgentOption<number> {
  return { key, values, expected, schema, meaning, set };
}

const ON_OFF = ['on', 'off'] as const;

const REFUTE = choice(
  'refute',
  REFUTATION_NAMES,
  'which of the named cards it holds it shows: at random (`random`); a card it already showed that suggester (`repeat`); the one that reveals least (`minimal`: a card that suggester already saw, else the card most players have seen); the first in the deck\'s order (`first`); the card the suggester most expects it to hold (`least`: the least information, counted exactly); a card that suggester has not seen from it (`fresh`); the card the suggester least expects (`most`)',
  (spec, v) => (spec.refute = v),
);

const ACCUSE: AgentOption<AgentSpec['accuse']> = {
  key: 'accuse',
  values: 'certain|never|two|risky:P|wait:N',
  expected: 'certain, never, two, risky:P with 0 < P ≤ 1, or wait:N with N own turns',
  schema: z.union([
    z.enum(['certain', 'never', 'two']),
    z.pipe(z.string().check(z.regex(/^risky:\d*\.?\d+$/)), z.pipe(z.transform((v: string) => Number(v.slice('risky:'.length))), z.number().check(z.gt(0), z.lte(1)))),
    z.pipe(z.string().check(z.regex(/^wait:\d{1,3}$/)), z.transform((v: string) => ({ wait: Number(v.slice('wait:'.length)) }))),
  ]),
  meaning: 'accuse when certain (`certain`); never; also when two solutions are left, the likelier (`two`); once the most likely solution has probability P or more (`risky:P`); only after N more of its turns once certain (`wait:N`)',
  set: (spec, v) => (spec.accuse = v),
};

const SUGGEST = choice(
  'suggest',
  SUGGESTION_NAMES,
  'any combination (`any`); a combination still possible as the envelope (`possible`); per category a card that may be in the envelope (`categories`); one card it cannot place and, elsewhere, cards nobody else can show (`own`)',
  (spec, v) => (spec.suggest = v),
);

const BLUFF = numberOption('bluff', 'N', whole(0, 999), 'a number of suggestions from 0 to 999', 'its first N suggestions name one of its own cards', (spec, v) => (spec.bluff = v));

const RESPONSES = choice('responses', RESPONSE_POLICIES, 'how it reads the cards shown to it, as the analysis\' `responses` option', (spec, v) => (spec.responses = v));

const OWN = choice('own', ['include', 'exclude'], 'whether its suggestions may name its own cards', (spec, v) => (spec.own = v));

const SAMPLES = numberOption('samples', 'N', whole(1, 1_000_000), 'a whole number from 1 to 1,000,000', 'deals drawn to score each suggestion (the estimate is bias-corrected)', (spec, v) => (spec.samples = v));

const SYMMETRIC = choice(
  'symmetric',
  ON_OFF,
  'score once the suggestions that differ only by cards its knowledge cannot tell apart, sharing one estimate (`on`: fewer to score, as strong; see [research/exact-information.md](../research/exact-information.md#symmetric-suggestions)), or each on its own draws (`off`)',
  (spec, v) => (spec.symmetric = v === 'on'),
);

const EXACT = choice(
  'exact',
  ENTROPY_EXACTNESS,
  'how exact its scores are: every deal when there are no more than `samples`, else drawn (`off`); also counted exactly where that fits the draws\' budget, as `suggest` does (`auto`); exact at every decision, listed or counted (`always`: about 16 times the CPU of drawing per six-player game, see [research/exact-information.md](../research/exact-information.md#the-entropy-agent-exact-at-every-decision)); other than `off`, with `responses=holds` or `first` only',
  (spec, v) => (spec.exact = v),
);

const DRAWS = numberOption('draws', 'N', whole(1, 100_000), 'a whole number from 1 to 100,000', "worlds drawn per estimate of the other players' chance to accuse before its next turn", (spec, v) => (spec.epistemic.draws = v));

const RISK = numberOption('risk', 'P', FRACTION, 'a probability from 0 to 1', 'the probability of its most likely solution from which it weighs accusing early; see [Endmoves](#endmoves-and-the-epistemic-agent)', (spec, v) => (spec.epistemic.risk = v));

const THREAT = numberOption('threat', 'P', FRACTION, 'a probability from 0 to 1', 'the chance that another player can accuse by its next turn from which it accuses at once', (spec, v) => (spec.epistemic.threat = v));

const ENDMOVES = choice(
  'endmoves',
  ['announced', 'inferred'],
  'the endmoves it reads: those the game announces (`announced`), or every other turn that ended without an accusation (`inferred`)',
  (spec, v) => (spec.epistemic.endmoves = v),
);

/** A part of the planner switched on or off. */
function plannerPart(key: 'lookahead' | 'closing' | 'threat', meaning: string): AgentOption<'on' | 'off'> {
  return choice(key, ON_OFF, meaning, (spec, v) => (spec.planner[key] = v === 'on'));
}

const LOOKAHEAD = plannerPart('lookahead', 'accuse by comparing accusing now with waiting one turn; see [research/planner.md](../research/planner.md)');
const CLOSING = plannerPart('closing', 'once a solution is likely, suggest what leaves it most likely to be right at its next turn');
const THREAT_PART = plannerPart('threat', "weigh the other players' chance to accuse first");

const HIDE = numberOption('hide', 'W', FRACTION, 'a number from 0 to 1', 'weighs what the table learns from who answered against what it learns itself', (spec, v) => (spec.planner.hide = v));

/** What makes an agent: its policies, from its spec (a solo measurement's overrides already applied) and its refutation policy. */
type Constructor = (spec: AgentSpec, rng: Random, core: KnowledgeCore, refute: RefutationPolicy) => SyncAgent;

/** What a solo measurement's field changes of an agent: it never accuses, say. */
type AgentOverrides = { accuse?: AgentSpec['accuse']; refute?: RefutationName };

/** One built-in agent. */
export interface AgentEntry {
  name: AgentName;
  /** What it knows and how it suggests (Markdown, for the documentation's table of agents). */
  knows: string;
  suggests: string;
  /** The options it takes, each with its default as written on the command line. */
  options: ReadonlyArray<readonly [AgentOption<never>, string]>;
  /** Why a combination of its options is refused, or null. */
  check?(spec: AgentSpec): string | null;
  create: Constructor;
}

/** An option with its default, as the entries list them (the default is read by the option's own schema). */
function taking<T>(option: AgentOption<T>, defaultValue: string): readonly [AgentOption<never>, string] {
  return [option as unknown as AgentOption<never>, defaultValue];
}

/** The options of the agents whose suggestions follow suggest= and bluff=. */
const choosing = (suggest: SuggestionName) => [taking(SUGGEST, suggest), taking(BLUFF, '0')];

/** An agent made of a knowledge model and the three policies (every agent but epistemic and planner). */
function policyAgent(exact: boolean, choose: (spec: AgentSpec, rng: Random, knowledge: KnowledgeModel) => { suggestion: SuggestionPolicy; movement: SyncMovementPolicy }): Constructor {
  return (spec, rng, core, refute) => {
    const knowledge: KnowledgeModel = exact ? exactKnowledge(core, undefined, spec.responses) : naiveKnowledge();
    const { suggestion, movement } = choose(spec, rng, knowledge);
    const accusation = accusationPolicy(spec.accuse);
    return {
      label: spec.label,
      suggest: suggestion,
      movement,
      refute,
      decide(view) {
        const certain = knowledge.certainty(view);
        return { certain: certain !== null, accusation: accusation(view, knowledge, certain) };
      },
      dispose: () => knowledge.dispose(),
    };
  };
}

/** The suggestions of naive, deductive and kripke: their suggest= and bluff=, among rooms worth entering. */
const chosen = (spec: AgentSpec, rng: Random, knowledge: KnowledgeModel) => ({ suggestion: suggestionPolicy(spec, rng, knowledge), movement: movementPolicy(usefulRooms(knowledge)) });

const ENTRIES: { readonly [N in AgentName]: Omit<AgentEntry, 'name'> } = {
  random: {
    knows: 'its hand and the cards shown to it',
    suggests: 'any combination, at random',
    options: [taking(REFUTE, 'random'), taking(ACCUSE, 'certain'), taking(OWN, 'include')],
    create: policyAgent(false, (spec, rng) => ({ suggestion: spec.own === 'exclude' ? suggestUnowned(rng) : suggestAnything(rng), movement: movementPolicy(anyRoom) })),
  },
  naive: {
    knows: 'its hand and the cards shown to it (nothing from the other answers)',
    suggests: 'at random among the combinations with no card it has seen',
    options: [taking(REFUTE, 'random'), taking(ACCUSE, 'certain'), ...choosing('possible')],
    create: policyAgent(false, chosen),
  },
  deductive: {
    knows: 'everything it observed, with exact deduction',
    suggests: 'at random among the combinations still possible',
    options: [taking(REFUTE, 'random'), taking(ACCUSE, 'certain'), ...choosing('possible'), taking(RESPONSES, 'holds')],
    create: policyAgent(true, chosen),
  },
  kripke: {
    knows: 'as `deductive`',
    suggests: "per category, at random among the cards that may be in the envelope (the Java Kripke-model implementation's player)",
    options: [taking(REFUTE, 'random'), taking(ACCUSE, 'certain'), ...choosing('categories'), taking(RESPONSES, 'holds')],
    create: policyAgent(true, chosen),
  },
  entropy: {
    knows: 'as `deductive`',
    suggests: 'the suggestion with the most expected information (as [`suggest`](suggest.md)), from drawn deals',
    options: [taking(REFUTE, 'random'), taking(ACCUSE, 'certain'), taking(SAMPLES, String(ENTROPY_AGENT_SAMPLES)), taking(SYMMETRIC, 'on'), taking(EXACT, 'off'), taking(RESPONSES, 'holds')],
    // Exact scores take every consistent deal as equally likely; reading shows as `uniform` or `repeat` weighs them.
    check: (spec) =>
      spec.exact !== 'off' && spec.responses !== 'holds' && spec.responses !== 'first' ? `exact=${spec.exact} takes every consistent deal as equally likely, so it goes with responses=holds or first only` : null,
    create: policyAgent(true, (spec, rng, knowledge) => {
      const ranking = informationRanking(rng, knowledge as ExactKnowledge, spec.samples, spec.exact, spec.symmetric);
      return { suggestion: suggestMostInformative(ranking), movement: movementPolicy(informationPerRoom(ranking)) };
    }),
  },
  epistemic: {
    knows: "as `deductive`, and what the other players' silence implies",
    suggests: 'as `entropy`; it accuses early when an opponent is about to win ([Endmoves](#endmoves-and-the-epistemic-agent))',
    options: [
      taking(REFUTE, 'random'),
      taking(SAMPLES, String(DEFAULT_ENTROPY_SAMPLES)),
      taking(DRAWS, String(DEFAULT_EPISTEMIC_DRAWS)),
      taking(RISK, String(DEFAULT_EPISTEMIC_RISK)),
      taking(THREAT, String(DEFAULT_EPISTEMIC_THREAT)),
      taking(ENDMOVES, 'announced'),
    ],
    create: (spec, rng, core, refute) => epistemicAgent(spec.label, { samples: spec.samples, ...spec.epistemic, accuses: spec.accuse !== 'never' }, rng, core, refute),
  },
  planner: {
    knows: 'as `epistemic`',
    suggests: 'as `entropy`, never naming its own cards; it accuses when that beats waiting a turn against the opponents\' chance to win first ([research/planner.md](../research/planner.md))',
    options: [
      taking(REFUTE, 'least'),
      taking(SAMPLES, String(DEFAULT_ENTROPY_SAMPLES)),
      taking(DRAWS, String(DEFAULT_EPISTEMIC_DRAWS)),
      taking(LOOKAHEAD, 'on'),
      taking(CLOSING, 'off'),
      taking(THREAT_PART, 'on'),
      taking(OWN, 'exclude'),
      taking(HIDE, '0'),
    ],
    create: (spec, rng, core, refute) =>
      plannerAgent(spec.label, { samples: spec.samples, draws: spec.epistemic.draws, ...spec.planner, own: spec.own, accuses: spec.accuse !== 'never' }, rng, core, refute),
  },
};

/** Every built-in agent, in AGENT_NAMES's order. */
export const AGENTS: readonly AgentEntry[] = AGENT_NAMES.map((name) => ({ name, ...ENTRIES[name] }));

/** How an option as written in `text` reads `value`; an InputError naming the agent when the option refuses it. */
function read<T>(option: AgentOption<T>, value: string, text: string): T {
  const r = option.schema.safeParse(value);
  if (!r.success) throw new InputError(`agent ${quote(text)}: ${option.key} must be ${option.expected}, not ${quote(value)}`);
  return r.data;
}

/** An option as help lists it: "samples=N". */
export function optionSyntax(option: AgentOption<never>): string {
  return `${option.key}=${option.values}`;
}

/**
 * The spec of an agent with its defaults, made once per agent: a default is read by its option's
 * own schema, so that it is a value the option accepts.
 */
const defaults = new Map<AgentName, Array<readonly [AgentOption<never>, unknown]>>();
function defaultsOf(entry: AgentEntry): Array<readonly [AgentOption<never>, unknown]> {
  let values = defaults.get(entry.name);
  if (values === undefined) {
    values = entry.options.map(([option, value]) => [option, read(option as AgentOption<unknown>, value, entry.name)] as const);
    defaults.set(entry.name, values);
  }
  return values;
}

/** The spec's fields an agent's options do not set (an option the agent does not take leaves them so). */
function baseSpec(label: string, name: AgentName): AgentSpec {
  return {
    label,
    name,
    refute: 'random',
    accuse: 'certain',
    suggest: 'possible',
    bluff: 0,
    own: 'include',
    samples: DEFAULT_ENTROPY_SAMPLES,
    symmetric: false,
    exact: 'off',
    responses: 'holds',
    epistemic: { draws: DEFAULT_EPISTEMIC_DRAWS, risk: DEFAULT_EPISTEMIC_RISK, threat: DEFAULT_EPISTEMIC_THREAT, endmoves: 'announced' },
    planner: { lookahead: true, closing: false, threat: true, hide: 0 },
  };
}

/** The built-in agent `name` names (its key, as for cards and players: "Deductive" and "deductive" are one), or undefined. */
export function agentEntry(name: string): AgentEntry | undefined {
  const key = nameKey(name);
  return AGENTS.find((a) => a.name === key);
}

/**
 * The agent `text` names, with its options. `defined`: the other agents the caller knows by name
 * (those of --agent-cmd and --agent-module), which the message for an unknown name considers too.
 */
export function parseAgentSpec(text: string, defined: readonly string[] = []): AgentSpec {
  const trimmed = text.trim();
  const colon = trimmed.indexOf(':');
  const name = colon < 0 ? trimmed : trimmed.slice(0, colon).trim();
  const entry = agentEntry(name);
  if (entry === undefined) {
    const where = trimmed === name ? '' : ` in ${quote(text)}`;
    const own = colon < 0 ? undefined : defined.find((d) => nameKey(d) === nameKey(name));
    if (own !== undefined) throw new InputError(`agent "${own}" is defined on the command line and takes no options${where}`);
    const known = [...AGENT_NAMES, ...defined];
    const hint = didYouMean(name, known);
    throw new InputError(`unknown agent ${quote(name)}${where}${hint === null ? '' : `; ${hint}`} (agents: ${known.join(', ')})`);
  }
  const spec = baseSpec(trimmed, entry.name);
  for (const [option, value] of defaultsOf(entry)) option.set(spec, value as never);
  const options = colon < 0 ? [] : trimmed.slice(colon + 1).split(',').filter((o) => o.trim() !== '');
  for (const written of options) {
    const eq = written.indexOf('=');
    const key = (eq < 0 ? written : written.slice(0, eq)).trim();
    const value = eq < 0 ? '' : written.slice(eq + 1).trim();
    const option = entry.options.find(([o]) => o.key === key)?.[0];
    if (option === undefined) throw new InputError(`agent ${quote(text)}: ${unknownOption(entry, key)}`);
    option.set(spec, read(option as AgentOption<unknown>, value, text) as never);
  }
  const refused = entry.check?.(spec) ?? null;
  if (refused !== null) throw new InputError(`agent ${quote(text)}: ${refused}`);
  return spec;
}

/** "unknown option", with the nearest of the agent's options, or the agents that take it, and the agent's options. */
function unknownOption(entry: AgentEntry, key: string): string {
  const keys = entry.options.map(([o]) => o.key);
  const others = AGENTS.filter((a) => a.options.some(([o]) => o.key === key)).map((a) => a.name);
  const near = didYouMean(key, keys);
  const hint = others.length > 0 ? `; only ${joinList(others, 'and')} ${others.length === 1 ? 'takes' : 'take'} ${key}=` : near === null ? '' : `; ${near}`;
  return `unknown option ${quote(key)}${hint} (${entry.name}'s options: ${entry.options.map(([o]) => optionSyntax(o)).join(', ')})`;
}

function suggestionPolicy(spec: AgentSpec, rng: Random, knowledge: KnowledgeModel): SuggestionPolicy {
  const make = { any: () => suggestAnything(rng), possible: () => suggestPossible(rng, knowledge), categories: () => suggestPerCategory(rng, knowledge), own: () => suggestAroundOneUnknown(rng, knowledge) }[spec.suggest];
  return spec.bluff > 0 ? bluffing(make(), rng, spec.bluff) : make();
}

function accusationPolicy(accuse: AgentSpec['accuse']): AccusationPolicy {
  if (typeof accuse === 'number') return accuseWhenLikely(accuse);
  if (typeof accuse === 'object') return accuseAfterWaiting(accuse.wait);
  return { certain: accuseWhenCertain, never: neverAccuse, two: accuseOnTwo }[accuse];
}

/** One agent for one seat of one game: its own generator, the worker's core. */
export function createAgent(spec: AgentSpec, rng: Random, core: KnowledgeCore, overrides: AgentOverrides = {}): SyncAgent {
  // The overrides applied once, here: every constructor reads the spec alone.
  const played: AgentSpec = { ...spec, accuse: overrides.accuse ?? spec.accuse, refute: overrides.refute ?? spec.refute };
  return ENTRIES[spec.name].create(played, rng, core, refutationPolicy(played.refute, rng, core));
}
