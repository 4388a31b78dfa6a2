// The command-line examples of the documentation, run for real. A fenced block preceded by a
// marker comment holds `$ cluedo ...` (or `$ npx cluedo ...`) lines, each followed by what the command printed:
//
//   <!-- run -->                  checked by the tests: the block must equal a fresh run
//   <!-- run in examples/mistakes -->   the same, run from that folder (default: the project root)
//   <!-- run in a new folder -->  the same, run in an empty folder of its own (removed after), for
//                                 examples that write files: each check starts from nothing
//   <!-- run figures -->          timings and other figures that vary: regenerated, not checked
//   <!-- include examples/library/analyze.ts -->   a file shown whole: the block must equal it
//   <!-- generated agents --> ... <!-- end generated -->   Markdown made from the code (the
//                                 GENERATED makers of src/agents/registry-text.ts): must equal it
//
// `$ echo $?` shows the exit status of the command before it. Output is standard output, then
// standard error. The decision times of simulate's and league's reports are measured, so they
// differ from run to run: a check compares a block with its fresh output but for the rows of those
// tables (their title, and that there is one, must agree), and a rewrite leaves a block alone
// when nothing else differs. Usage:
//   node scripts/doc-examples.mjs            check every marked block (exit 1 on a difference)
//   node scripts/doc-examples.mjs --write    rewrite every block with fresh output
//   node scripts/doc-examples.mjs --write --figures   also the figures blocks
//   ... [files]                              only these Markdown files
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CLI = join(ROOT, 'dist', 'cli', 'cluedo.mjs');
/** Where `<!-- run in a new folder -->` runs its block: an empty folder of its own. */
const NEW_FOLDER = 'a new folder';
const MARKER = /^<!-- run( figures)?(?: in (a new folder|\S+))? -->\n```[a-z]*\n([\s\S]*?)```$/gm;
const INCLUDE = /^<!-- include (\S+) -->\n```[a-z]*\n([\s\S]*?)```$/gm;
const GENERATED = /^<!-- generated (\S+) -->\n([\s\S]*?)^<!-- end generated -->$/gm;
/** The makers of generated Markdown, from the build (as the commands the examples run). */
const makers = (await import(pathToFileURL(join(ROOT, 'dist', 'agents', 'registry-text.js')).href)).GENERATED;
/** The first line of a report's table of decision times. */
const { DECISION_TIME_TITLE } = await import(pathToFileURL(join(ROOT, 'dist', 'tournament', 'text-report.js')).href);

/** A block's text with every table of decision times reduced to its title: what a check compares. */
export function withoutTimings(text) {
  const lines = text.split('\n');
  const out = [];
  for (let i = 0; i < lines.length; i++) {
    out.push(lines[i]);
    if (lines[i] !== DECISION_TIME_TITLE) continue;
    while (i + 1 < lines.length && lines[i + 1] !== '') i++;
  }
  return out.join('\n');
}

/** Every Markdown file of the documentation: the README and docs/, recursively. */
export function documentationFiles() {
  const files = [join(ROOT, 'README.md')];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'api') walk(path); // docs/api is generated
      } else if (entry.name.endsWith('.md')) files.push(path);
    }
  };
  walk(join(ROOT, 'docs'));
  return files;
}

/** The commands of a block: each `$ ` line and the output shown after it. */
function commandsOf(body) {
  const commands = [];
  for (const line of body.replace(/\n$/, '').split('\n')) {
    if (line.startsWith('$ ')) commands.push({ line: line.slice(2), shown: [] });
    else if (commands.length > 0) commands[commands.length - 1].shown.push(line);
    else throw new Error(`a run block must start with "$ ": ${line}`);
  }
  return commands;
}

/** Runs a block's commands in `dir` (or in a new folder), as a user would in a shell, and returns the block's text. */
function runBlock(body, dir) {
  if (dir === NEW_FOLDER) {
    const folder = mkdtempSync(join(tmpdir(), 'cluedo-docs-'));
    try {
      return runBlock(body, folder);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }
  let status = 0;
  const out = [];
  for (const { line } of commandsOf(body)) {
    out.push(`$ ${line}`);
    if (line === 'echo $?') {
      out.push(String(status));
      continue;
    }
    // `npx cluedo` is how a clone runs the command before `npm link` (the README shows it so).
    if (!/^(npx )?cluedo( |$)/.test(line)) throw new Error(`only cluedo commands and "echo $?" run in the documentation: ${line}`);
    const script = `cluedo() { "${process.execPath}" "${CLI}" "$@"; }\nnpx() { shift; cluedo "$@"; }\n${line}`;
    const env = { ...process.env, COLUMNS: '100', NO_COLOR: '1' };
    delete env.CLUEDO_DEBUG;
    delete env.NODE_OPTIONS;
    const r = spawnSync('/bin/sh', ['-c', script], { cwd: resolve(ROOT, dir), encoding: 'utf8', env, maxBuffer: 64 << 20 });
    if (r.error) throw r.error;
    status = r.status ?? 128;
    const text = `${r.stdout}${r.stderr}`.replace(/\n$/, '');
    if (text !== '') out.push(text);
  }
  return `${out.join('\n')}\n`;
}

/** A marked block with its body (what stands between the fences, at its end) replaced. */
function withBody(block, body, fresh) {
  const end = block.length - '```'.length;
  return block.slice(0, end - body.length) + fresh + block.slice(end);
}

/** Checks (or rewrites) the marked blocks of `file`; returns the differences found. */
export function processFile(file, { write = false, figures = false } = {}) {
  const text = readFileSync(file, 'utf8');
  const differences = [];
  const updated = text.replace(MARKER, (whole, figure, dir, body) => {
    if (figure && !(write && figures)) return whole;
    const fresh = runBlock(body, dir ?? '.');
    if (withoutTimings(fresh) === withoutTimings(body)) return whole;
    const first = commandsOf(body)[0]?.line ?? '';
    differences.push({ file: relative(ROOT, file), command: `$ ${first}`, shown: body, fresh });
    return withBody(whole, body, fresh);
  });
  const included = updated.replace(INCLUDE, (whole, path, body) => {
    const fresh = readFileSync(join(ROOT, path), 'utf8');
    if (fresh === body) return whole;
    differences.push({ file: relative(ROOT, file), command: `include ${path}`, shown: body, fresh });
    return withBody(whole, body, fresh);
  });
  const generated = included.replace(GENERATED, (whole, name, body) => {
    const make = makers[name];
    if (make === undefined) throw new Error(`${relative(ROOT, file)}: nothing generates "${name}"`);
    const fresh = make();
    if (fresh === body) return whole;
    differences.push({ file: relative(ROOT, file), command: `generated ${name}`, shown: body, fresh });
    return whole.slice(0, whole.length - body.length - '<!-- end generated -->'.length) + fresh + '<!-- end generated -->';
  });
  if (write && generated !== text) writeFileSync(file, generated);
  return differences;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const write = args.includes('--write');
  const figures = args.includes('--figures');
  const files = args.filter((a) => !a.startsWith('--'));
  let count = 0;
  for (const file of files.length > 0 ? files.map((f) => join(process.cwd(), f)) : documentationFiles()) {
    for (const d of processFile(file, { write, figures })) {
      count++;
      console.error(`${d.file}: the block of "${d.command}" ${write ? 'was rewritten' : 'is out of date'}`);
    }
  }
  if (!write && count > 0) {
    console.error(`${count} block${count === 1 ? '' : 's'} out of date: run "npm run docs:examples"`);
    process.exitCode = 1;
  }
}
