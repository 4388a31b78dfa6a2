// The named agents and their options: "random", "naive", "deductive", "kripke", "entropy",
// "epistemic", each optionally followed by ":key=value,key=value", e.g. "entropy:samples=5000",
// "deductive:accuse=risky:0.8", "naive:refute=repeat", "epistemic:samples=2000,risk=0.5",
// "deductive:responses=first" (how the knowledge-based agents read the cards shown to them),
// "random:own=exclude", "kripke:suggest=own,refute=least,accuse=two", "deductive:bluff=3",
// "planner:threat=off" (each of the planner's parts can be switched off, to measure what it brings).
// The strategies of the literature are options of these agents (docs/agents.md says which).
import type { KnowledgeCore } from '../knowledge/wasm-core.js';
import type { Random } from '../model/random.js';
import { InputError } from '../model/errors.js';
import { nearMisses } from '../model/names.js';
import { quote, quoteList } from '../model/quote.js';
import type { SyncAgent } from '../game/agent.js';
import { RESPONSE_POLICIES, type ResponsePolicy } from '../knowledge/responses.js';
import { exactKnowledge, naiveKnowledge, type KnowledgeModel } from './knowledge.js';
import { anyRoom, movementPolicy, usefulRooms } from './movement.js';
import type { SyncMovementPolicy } from '../game/agent.js';
import { plannerAgent } from './planner.js';
import { DEFAULT_EPISTEMIC_DRAWS, DEFAULT_EPISTEMIC_RISK, DEFAULT_EPISTEMIC_THREAT, epistemicAgent, type EndmoveReading } from './epistemic.js';
import { refutationPolicy, REFUTATION_NAMES, type RefutationName } from './refutations.js';
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
 * any: any combination; possible: a combination still possible as the envelope, uniformly;
 * categories: per category a card not known to be placed; own: one unknown card, the others ones
 * nobody else can show.
 */
export const SUGGESTION_NAMES = ['any', 'possible', 'categories', 'own'] as const;
export type SuggestionName = (typeof SUGGESTION_NAMES)[number];

/** The agents whose suggestions follow the suggest= and bluff= options. */
const CHOOSING = new Set<AgentName>(['naive', 'deductive', 'kripke']);

/**
 * The agent `text` names, with its options. `defined`: the other agents the caller knows by name
 * (those of --agent-cmd and --agent-module), which the message for an unknown name considers too.
 */
export function parseAgentSpec(text: string, defined: readonly string[] = []): AgentSpec {
  const trimmed = text.trim();
  const colon = trimmed.indexOf(':');
  const name = (colon < 0 ? trimmed : trimmed.slice(0, colon)).toLowerCase();
  if (!(AGENT_NAMES as readonly string[]).includes(name)) {
    const where = trimmed === name ? '' : ` in ${quote(text)}`;
    const own = colon < 0 ? undefined : defined.find((d) => d.toLowerCase() === name);
    if (own !== undefined) throw new InputError(`agent "${own}" is defined on the command line and takes no options${where}`);
    const known = [...AGENT_NAMES, ...defined];
    const near = nearMisses(name, known);
    throw new InputError(`unknown agent ${quote(name)}${where}${near.length > 0 ? `; did you mean ${quoteList(near)}?` : ''} (agents: ${known.join(', ')})`);
  }
  const spec: AgentSpec = {
    label: trimmed,
    name: name as AgentName,
    refute: name === 'planner' ? 'least' : 'random',
    accuse: 'certain',
    suggest: name === 'kripke' ? 'categories' : 'possible',
    bluff: 0,
    own: name === 'planner' ? 'exclude' : 'include',
    samples: DEFAULT_ENTROPY_SAMPLES,
    exact: 'off',
    responses: 'holds',
    epistemic: { draws: DEFAULT_EPISTEMIC_DRAWS, risk: DEFAULT_EPISTEMIC_RISK, threat: DEFAULT_EPISTEMIC_THREAT, endmoves: 'announced' },
    planner: { lookahead: true, closing: false, threat: true, hide: 0 },
  };
  const epistemic = spec.name === 'epistemic';
  const planner = spec.name === 'planner';
  const probability = (key: string, value: string, bad: (why: string) => InputError) => {
    if (!/^\d*\.?\d+$/.test(value) || Number(value) > 1) throw bad(`${key} must be a probability from 0 to 1, not ${quote(value)}`);
    return Number(value);
  };
  const options = colon < 0 ? [] : trimmed.slice(colon + 1).split(',').filter((o) => o.trim() !== '');
  for (const option of options) {
    const eq = option.indexOf('=');
    const key = (eq < 0 ? option : option.slice(0, eq)).trim();
    const value = eq < 0 ? '' : option.slice(eq + 1).trim();
    const bad = (why: string) => new InputError(`agent ${quote(text)}: ${why}`);
    if (key === 'refute') {
      if (!(REFUTATION_NAMES as readonly string[]).includes(value)) throw bad(`refute must be ${REFUTATION_NAMES.join(', ')}, not ${quote(value)}`);
      spec.refute = value as RefutationName;
    } else if (key === 'accuse' && !epistemic && !planner) {
      const risky = /^risky:(\d*\.?\d+)$/.exec(value);
      const wait = /^wait:(\d{1,3})$/.exec(value);
      if (value === 'certain' || value === 'never' || value === 'two') spec.accuse = value;
      else if (risky && Number(risky[1]) > 0 && Number(risky[1]) <= 1) spec.accuse = Number(risky[1]);
      else if (wait) spec.accuse = { wait: Number(wait[1]) };
      else throw bad(`accuse must be certain, never, two, risky:P with 0 < P ≤ 1, or wait:N with N own turns, not ${quote(value)}`);
    } else if (key === 'suggest' && CHOOSING.has(spec.name)) {
      if (!(SUGGESTION_NAMES as readonly string[]).includes(value)) throw bad(`suggest must be ${SUGGESTION_NAMES.join(', ')}, not ${quote(value)}`);
      spec.suggest = value as SuggestionName;
    } else if (key === 'bluff' && CHOOSING.has(spec.name)) {
      if (!/^\d{1,3}$/.test(value)) throw bad(`bluff must be a number of suggestions from 0 to 999, not ${quote(value)}`);
      spec.bluff = Number(value);
    } else if (key === 'responses' && (spec.name === 'deductive' || spec.name === 'kripke' || spec.name === 'entropy')) {
      if (!(RESPONSE_POLICIES as readonly string[]).includes(value)) throw bad(`responses must be ${RESPONSE_POLICIES.join(', ')}, not ${quote(value)}`);
      spec.responses = value as ResponsePolicy;
    } else if (key === 'own' && (spec.name === 'random' || planner)) {
      if (value !== 'include' && value !== 'exclude') throw bad(`own must be include or exclude, not ${quote(value)}`);
      spec.own = value;
    } else if (planner && (key === 'lookahead' || key === 'closing' || key === 'threat')) {
      if (value !== 'on' && value !== 'off') throw bad(`${key} must be on or off, not ${quote(value)}`);
      spec.planner[key] = value === 'on';
    } else if (planner && key === 'hide') {
      if (!/^(0|1)(\.\d+)?$/.test(value) || Number(value) > 1) throw bad(`hide must be a number from 0 to 1, not ${quote(value)}`);
      spec.planner.hide = Number(value);
    } else if (key === 'samples') {
      if (spec.name !== 'entropy' && !epistemic && !planner) throw bad('only the entropy, epistemic and planner agents take samples=');
      if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 1_000_000) throw bad(`samples must be a whole number from 1 to 1,000,000, not ${quote(value)}`);
      spec.samples = Number(value);
    } else if (key === 'exact' && spec.name === 'entropy') {
      if (!(ENTROPY_EXACTNESS as readonly string[]).includes(value)) throw bad(`exact must be ${ENTROPY_EXACTNESS.join(', ')}, not ${quote(value)}`);
      spec.exact = value as EntropyExactness;
    } else if ((epistemic || planner) && key === 'draws') {
      if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 100_000) throw bad(`draws must be a whole number from 1 to 100000, not ${quote(value)}`);
      spec.epistemic.draws = Number(value);
    } else if (epistemic && (key === 'risk' || key === 'threat')) {
      spec.epistemic[key] = probability(key, value, bad);
    } else if (epistemic && key === 'endmoves') {
      if (value !== 'announced' && value !== 'inferred') throw bad(`endmoves must be announced or inferred, not ${quote(value)}`);
      spec.epistemic.endmoves = value;
    } else {
      const known = epistemic
        ? 'refute=…, samples=…, draws=…, risk=…, threat=…, endmoves=…'
        : planner
        ? 'refute=…, samples=…, draws=…, lookahead=on|off, closing=on|off, threat=on|off, own=include|exclude, hide=0…1'
        : `refute=…, accuse=…${spec.name === 'entropy' ? ', samples=…, exact=off|auto|always' : spec.name === 'random' ? ', own=…' : ''}${CHOOSING.has(spec.name) ? ', suggest=…, bluff=…' : ''}${spec.name === 'entropy' || spec.name === 'deductive' || spec.name === 'kripke' ? ', responses=…' : ''}`;
      throw bad(`unknown option ${quote(key)} (options: ${known})`);
    }
  }
  // Exact scores take every consistent deal as equally likely; reading shows as `uniform` or `repeat` weighs them.
  if (spec.exact !== 'off' && spec.responses !== 'holds' && spec.responses !== 'first') {
    throw new InputError(`agent ${quote(text)}: exact=${spec.exact} takes every consistent deal as equally likely, so it goes with responses=holds or first only`);
  }
  return spec;
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
export function createAgent(spec: AgentSpec, rng: Random, core: KnowledgeCore, overrides: { accuse?: AgentSpec['accuse']; refute?: RefutationName } = {}): SyncAgent {
  const refute = refutationPolicy(overrides.refute ?? spec.refute, rng, core);
  if (spec.name === 'epistemic') {
    const options = { samples: spec.samples, ...spec.epistemic, accuses: (overrides.accuse ?? spec.accuse) !== 'never' };
    return epistemicAgent(spec.label, options, rng, core, refute);
  }
  if (spec.name === 'planner') {
    const options = { samples: spec.samples, draws: spec.epistemic.draws, ...spec.planner, own: spec.own, accuses: (overrides.accuse ?? spec.accuse) !== 'never' };
    return plannerAgent(spec.label, options, rng, core, refute);
  }
  const exact = spec.name === 'random' || spec.name === 'naive' ? null : exactKnowledge(core, undefined, spec.responses);
  const knowledge: KnowledgeModel = exact ?? naiveKnowledge();
  let suggestion: SuggestionPolicy;
  let movement: SyncMovementPolicy;
  if (spec.name === 'entropy') {
    const ranking = informationRanking(rng, exact!, spec.samples, spec.exact);
    suggestion = suggestMostInformative(ranking);
    movement = movementPolicy(informationPerRoom(ranking));
  } else if (spec.name === 'random') {
    suggestion = spec.own === 'exclude' ? suggestUnowned(rng) : suggestAnything(rng);
    movement = movementPolicy(anyRoom);
  } else {
    suggestion = suggestionPolicy(spec, rng, knowledge);
    movement = movementPolicy(usefulRooms(knowledge));
  }
  const accusation = accusationPolicy(overrides.accuse ?? spec.accuse);
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
}
