// Questions at the terminal (@clack/prompts), as the commands ask them. An answer is checked where
// it is typed, by the function that checks the same answer given as a flag: its one-line message
// is shown under the question, which is asked again. Cancelling (Ctrl-C or Escape at a question,
// Ctrl-C between questions) ends the questions, and the command writes nothing.
import * as clack from '@clack/prompts';
import { InputError } from '../model/errors.js';
import { QuestionsCancelledError, UsageError } from './errors.js';
import { withCancellation } from './cancel.js';

/** Thrown inside the questions when the person cancels; withQuestions turns it into the command's message. */
class Cancelled extends Error {}

/** What is wrong with an answer, in the one line the check's error gives, or undefined when nothing is. */
export function problemOf(check: () => unknown): string | undefined {
  try {
    check();
    return undefined;
  } catch (e) {
    if (e instanceof InputError || e instanceof UsageError) return e.message;
    // Thrown from inside a prompt, it would end the process with a stack trace: show it instead.
    return `internal error: ${e instanceof Error ? e.message : String(e)}`;
  }
}

type Choice<T> = { value: T; label: string; hint?: string; disabled?: boolean };

/** The questions of one command, all cancelled by one Ctrl-C. */
export class Questions {
  constructor(private readonly signal: AbortSignal) {}

  /** The answer, or the end of the questions when the person cancelled. */
  #answer<T>(value: unknown): T {
    if (clack.isCancel(value) || this.signal.aborted) throw new Cancelled();
    return value as T;
  }

  /** Ends the questions as a cancel does. */
  cancel(): never {
    throw new Cancelled();
  }

  async select<T>(message: string, options: Array<Choice<T>>, initialValue?: T): Promise<T> {
    return this.#answer<T>(await clack.select<T>({ message, options: options as unknown as clack.SelectOptions<T>['options'], initialValue, signal: this.signal }));
  }

  async confirm(message: string, labels: { yes: string; no: string }, initialValue = true): Promise<boolean> {
    return this.#answer<boolean>(await clack.confirm({ message, active: labels.yes, inactive: labels.no, initialValue, signal: this.signal }));
  }

  /** One line of text; `check` throws the problem with it (an InputError or UsageError). */
  async text(message: string, options: { placeholder?: string; initialValue?: string; check: (answer: string) => unknown }): Promise<string> {
    const { check, ...rest } = options;
    return this.#answer<string>(await clack.text({ message, ...rest, validate: (value) => problemOf(() => check(value ?? '')), signal: this.signal }));
  }

  /** Several lines of text (Enter twice to finish). */
  async lines(message: string, options: { placeholder?: string; check: (answer: string) => unknown }): Promise<string> {
    const { check, ...rest } = options;
    return this.#answer<string>(await clack.multiline({ message, ...rest, validate: (value) => problemOf(() => check(value ?? '')), signal: this.signal }));
  }

  /** One of `options`, narrowed by typing (`matches` says whether an option's label matches what is typed). */
  async search<T>(message: string, options: Array<Choice<T>>, settings: { matches: (typed: string, label: string) => boolean; initialValue?: T; none: string }): Promise<T> {
    return this.#answer<T>(
      await clack.autocomplete<T>({
        message,
        options: options as unknown as clack.AutocompleteOptions<T>['options'],
        initialValue: settings.initialValue,
        filter: (typed, option) => settings.matches(typed, option.label ?? String(option.value)),
        validate: (value) => (value === undefined ? settings.none : undefined),
        signal: this.signal,
      }),
    );
  }

  /**
   * Some of `options` (Space to choose, Enter when done), checked by `check` when done. The
   * library's multiselect takes no check of its own: a refused choice is shown and asked again,
   * the cards chosen kept.
   */
  async some<T>(message: string, options: Array<Choice<T>>, settings: { check: (chosen: T[]) => unknown; initialValues?: T[] }): Promise<T[]> {
    let chosen = settings.initialValues ?? [];
    for (;;) {
      chosen = this.#answer<T[]>(
        await clack.multiselect<T>({ message, options: options as unknown as clack.MultiSelectOptions<T>['options'], initialValues: chosen, required: false, signal: this.signal }),
      );
      const problem = problemOf(() => settings.check(chosen));
      if (problem === undefined) return chosen;
      clack.log.error(problem);
    }
  }

  /** A message of several lines beside the questions. */
  say(text: string): void {
    clack.log.message(text);
  }

  /** A refusal, beside the questions. */
  refuse(problem: string): void {
    clack.log.error(problem);
  }
}

/**
 * Asks the questions under `title`; a cancel ends them with "cancelled; <unchanged>" (exit 130).
 * A Ctrl-C after the last answer also cancels: the caller writes only what comes back.
 */
export async function withQuestions<T>(title: string, unchanged: string, ask: (questions: Questions) => Promise<T>): Promise<T> {
  clack.intro(title);
  try {
    return await withCancellation(async (signal) => {
      const answers = await ask(new Questions(signal));
      if (signal.aborted) throw new Cancelled();
      return answers;
    });
  } catch (e) {
    throw e instanceof Cancelled ? new QuestionsCancelledError(`cancelled; ${unchanged}`) : e;
  }
}
