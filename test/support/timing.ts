// A tournament's outputs without their decision times, which are measured (they differ from run to
// run): what the same seed must reproduce byte for byte. Each helper throws when the decision times
// are not there, so that a comparison of what is left also checks that they were reported.
import { DECISION_TIME_TITLE } from '../../src/tournament/text-report.js';

/** The printed report without its decision times' table (its title to the blank line after it). */
export function withoutDecisionTimes(text: string): string {
  const lines = text.split('\n');
  const start = lines.indexOf(DECISION_TIME_TITLE);
  if (start === -1 || lines.indexOf(DECISION_TIME_TITLE, start + 1) !== -1) throw new Error('the report has not one table of decision times');
  const end = lines.indexOf('', start);
  return [...lines.slice(0, start), ...lines.slice(end + 1)].join('\n');
}

/** A --json file's text without its `timing` key, written as the file is (pretty, newline-terminated). */
export function jsonWithoutTiming(text: string): string {
  const json = JSON.parse(text) as Record<string, unknown>;
  if (!('timing' in json)) throw new Error('the file has no timing');
  delete json.timing;
  return `${JSON.stringify(json, null, 2)}\n`;
}

/** An HTML report without its decision-time section. */
export function htmlWithoutDecisionTimes(html: string): string {
  const section = /<section id="decision-time">[\s\S]*?<\/section>/g;
  if ((html.match(section) ?? []).length !== 1) throw new Error('the page has not one section of decision times');
  return html.replace(section, '');
}
