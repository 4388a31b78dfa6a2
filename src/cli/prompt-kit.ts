// Questions at the terminal (@clack/prompts), as the commands ask them. An answer is checked where
// it is typed, by the function that checks the same answer given as a flag: its one-line message
// is shown under the question (broken at spaces to fit the terminal), which is asked again. Cancelling (Ctrl-C or Escape at a question,
// Ctrl-C between questions) ends the questions, and the command writes nothing.
import * as clack from '@clack/prompts';
import { InputError } from '../model/errors.js';
import { cliWords, QuestionsCancelledError, UsageError } from './errors.js';
import { withCancellation } from './cancel.js';

/** Thrown inside the questions when the person cancels; withQuestions turns it into the command's message. */
class Cancelled extends Error {}

/** What is wrong with an answer, in the one line the check's error gives, or undefined when nothing is. */
export function problemOf(check: () => unknown): string | undefined {
  try {
    check();
    return undefined;
  } catch (e) {
    if (e instanceof InputError || e instanceof UsageError) return cliWords(e);
    // Thrown from inside a prompt, it would end the process with a stack trace: show it instead.
    return `internal error: ${e instanceof Error ? e.message : String(e)}`;
  }
}

export type Choice<T> = { value: T; label: string; hint?: string; disabled?: boolean };

/**
 * `text` in lines of at most `width` characters, broken at spaces (a word longer than a line is
 * cut), each of its own lines apart: a message too long for the terminal would otherwise be
 * broken by the terminal, anywhere in a word and across the questions' border.
 */
export function wrapAtSpaces(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const own of text.split('\n')) {
    let line: string | null = null;
    for (const word of own.split(' ')) {
      if (line === null) line = word;
      else if (line.length + 1 + word.length <= width) line += ` ${word}`;
      else {
        lines.push(line);
        line = word;
      }
      for (; line.length > width; line = line.slice(width)) lines.push(line.slice(0, width));
    }
    lines.push(line ?? '');
  }
  return lines;
}

/** What the questions put before a line of text: the border's bar (or its end, or a symbol) and two spaces. */
const BORDER = 3;

/** `text` wrapped to fit after the border at the terminal's width. */
function fitted(text: string): string[] {
  return wrapAtSpaces(text, Math.max(20, (process.stdout.columns || 80) - BORDER));
}

/** A problem shown under its question, after the border's end: its lines after the first indented to stay clear of the border. */
function underQuestion(problem: string | undefined): string | undefined {
  return problem === undefined ? undefined : fitted(problem).join(`\n${' '.repeat(BORDER)}`);
}

/** The questions of one command, all cancelled by one Ctrl-C. */
export class Questions {
  constructor(private readonly signal: AbortSignal) {}

  /**
   * Asks one question, with a signal of its own that the questions' signal aborts: the prompt
   * library adds a listener to the signal of every question and never removes it, so one signal
   * shared by every question would gather listeners past Node's limit, and Node would print its
   * warning over the questions. This question's listener goes with its signal once it is answered.
   */
  async #ask<T>(prompt: (signal: AbortSignal) => Promise<T | symbol>): Promise<T> {
    const question = new AbortController();
    const abort = () => question.abort();
    this.signal.addEventListener('abort', abort, { once: true });
    try {
      const value = await prompt(question.signal);
      if (clack.isCancel(value) || this.signal.aborted) throw new Cancelled();
      return value as T;
    } finally {
      this.signal.removeEventListener('abort', abort);
    }
  }

  /** Ends the questions as a cancel does. */
  cancel(): never {
    throw new Cancelled();
  }

  /** One of `options`; those `disabled` are shown with their hint, and cannot be chosen. */
  async select<T>(message: string, options: Array<Choice<T>>, initialValue?: T): Promise<T> {
    return this.#ask<T>((signal) => clack.select<T>({ message, options: options as unknown as clack.SelectOptions<T>['options'], initialValue, signal }));
  }

  async confirm(message: string, labels: { yes: string; no: string }, initialValue = true): Promise<boolean> {
    return this.#ask<boolean>((signal) => clack.confirm({ message, active: labels.yes, inactive: labels.no, initialValue, signal }));
  }

  /** One line of text; `check` throws the problem with it (an InputError or UsageError). */
  async text(message: string, options: { placeholder?: string; initialValue?: string; check: (answer: string) => unknown }): Promise<string> {
    const { check, ...rest } = options;
    return this.#ask<string>((signal) => clack.text({ message, ...rest, validate: (value) => underQuestion(problemOf(() => check(value ?? ''))), signal }));
  }

  /** Several lines of text (Enter twice to finish). */
  async lines(message: string, options: { placeholder?: string; check: (answer: string) => unknown }): Promise<string> {
    const { check, ...rest } = options;
    return this.#ask<string>((signal) => clack.multiline({ message, ...rest, validate: (value) => underQuestion(problemOf(() => check(value ?? ''))), signal }));
  }

  /** One of `options`, narrowed by typing (`matches` says whether an option's label matches what is typed). */
  async search<T>(message: string, options: Array<Choice<T>>, settings: { matches: (typed: string, label: string) => boolean; initialValue?: T; none: string }): Promise<T> {
    return this.#ask<T>((signal) =>
      clack.autocomplete<T>({
        message,
        options: options as unknown as clack.AutocompleteOptions<T>['options'],
        initialValue: settings.initialValue,
        filter: (typed, option) => settings.matches(typed, option.label ?? String(option.value)),
        validate: (value) => (value === undefined ? underQuestion(settings.none) : undefined),
        signal,
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
      const initialValues = chosen;
      chosen = await this.#ask<T[]>((signal) =>
        clack.multiselect<T>({ message, options: options as unknown as clack.MultiSelectOptions<T>['options'], initialValues, required: false, signal }),
      );
      const problem = problemOf(() => settings.check(chosen));
      if (problem === undefined) return chosen;
      this.refuse(problem);
    }
  }

  /** A message of several lines beside the questions. */
  say(text: string): void {
    clack.log.message(fitted(text));
  }

  /** A refusal, beside the questions. */
  refuse(problem: string): void {
    clack.log.error(fitted(problem).join('\n'));
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
