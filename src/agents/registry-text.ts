// The built-in agents as people read them, made from their entries (registry.ts): the tables of
// docs/cli/simulate.md (scripts/doc-examples.mjs writes them, and test/docs.test.ts checks that
// they are what the entries say) and the list at the end of `cluedo simulate --help`.
import { AGENTS, optionSyntax, type AgentEntry, type AgentOption } from './registry.js';
import { joinList } from '../model/quote.js';

const code = (s: string) => `\`${s}\``;
/** A table cell: its pipes escaped. */
const cell = (s: string) => s.replace(/\|/g, '\\|');

/** Every option, once, in the order the agents list them, with the agents that take it and their defaults. */
function optionsTaken(): Array<{ option: AgentOption<never>; by: Array<{ agent: AgentEntry; value: string }> }> {
  const rows = new Map<AgentOption<never>, Array<{ agent: AgentEntry; value: string }>>();
  for (const agent of AGENTS) {
    for (const [option, value] of agent.options) {
      const by = rows.get(option) ?? [];
      by.push({ agent, value });
      rows.set(option, by);
    }
  }
  return [...rows].map(([option, by]) => ({ option, by }));
}

/** "all", "all but `a` and `b`" or "`a`, `b`". */
function whichAgents(names: readonly string[]): string {
  const others = AGENTS.map((a) => a.name).filter((n) => !names.includes(n));
  if (others.length === 0) return 'all';
  if (others.length < names.length) return `all but ${joinList(others.map(code), 'and')}`;
  return joinList(names.map(code), 'and');
}

/** "`random`", or, when the agents' defaults differ, the commonest and the others with their agents: "`random`; `least` for `planner`". */
function defaultsText(by: ReadonlyArray<{ agent: AgentEntry; value: string }>): string {
  const agentsOf = (v: string) => by.filter((b) => b.value === v).map((b) => code(b.agent.name));
  const [first, ...others] = [...new Set(by.map((b) => b.value))].sort((a, b) => agentsOf(b).length - agentsOf(a).length);
  return [code(first), ...others.map((v) => `${code(v)} for ${joinList(agentsOf(v), 'and')}`)].join('; ');
}

/** The table of agents: what each knows and how it suggests. */
export function agentsTable(): string {
  const rows = AGENTS.map((a) => `| ${code(a.name)} | ${cell(a.knows)} | ${cell(a.suggests)} |`);
  return ['| agent | knows | suggests |', '| --- | --- | --- |', ...rows].join('\n') + '\n';
}

/** The table of options: each with the agents that take it, its defaults and what it does. */
export function agentOptionsTable(): string {
  const rows = optionsTaken().map(({ option, by }) => `| ${cell(code(optionSyntax(option)))} | ${whichAgents(by.map((b) => b.agent.name))} | ${defaultsText(by)} | ${cell(option.meaning)} |`);
  return ['| option | agents | default | meaning |', '| --- | --- | --- | --- |', ...rows].join('\n') + '\n';
}

/** The Markdown the documentation generates, by name (scripts/doc-examples.mjs, `<!-- generated NAME -->`). */
export const GENERATED: Record<string, () => string> = { agents: agentsTable, 'agent-options': agentOptionsTable };

/** Markdown as plain text: links as their text (a link alone in parentheses, a pointer to a page, left out), no backticks. */
function plain(markdown: string): string {
  return markdown
    .replace(/ \(\[[^\]]*\]\([^)]*\)\)/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`/g, '');
}

/** `words` as lines of at most `width` characters, each after `indent`. */
function wrap(words: readonly string[], indent: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const w of words) {
    if (line !== '' && indent.length + line.length + 1 + w.length > width) {
      lines.push(indent + line);
      line = w;
    } else line = line === '' ? w : `${line} ${w}`;
  }
  if (line !== '') lines.push(indent + line);
  return lines;
}

/** The agents and their options with their defaults, under a heading (a help page ends with them). */
export function agentsHelp(heading: string, width = 100): string {
  const pad = Math.max(...AGENTS.map((a) => a.name.length)) + 4;
  const lines = [heading];
  for (const a of AGENTS) {
    const [first, ...rest] = wrap(plain(a.suggests).split(' '), ' '.repeat(pad), width);
    lines.push(`  ${a.name.padEnd(pad - 2)}${first.trimStart()}`, ...rest);
    const options = a.options.map(([o, value], i) => `${optionSyntax(o)} (${value})${i < a.options.length - 1 ? ',' : ''}`);
    lines.push(...wrap(options, ' '.repeat(pad + 2), width));
  }
  return `\n${lines.join('\n')}\n`;
}
