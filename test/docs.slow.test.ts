/**
 * The documentation, checked as code: every example run it shows is what the command prints now
 * (scripts/doc-examples.mjs), every relative link leads to a file and heading that exist, the
 * README stays short, and no page speaks in the words of how the project is organised.
 *
 * Needs `npm run build` (`npm test` builds first): the examples run the built command line.
 */
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import GithubSlugger from 'github-slugger';
// @ts-expect-error: a plain ES module script, without types
import { documentationFiles, processFile } from '../scripts/doc-examples.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PAGES: string[] = [...(documentationFiles() as string[]), ...['CONTRIBUTING.md', 'CHANGELOG.md', 'BENCHMARKS.md'].map((f) => join(ROOT, f)).filter(existsSync)];
const name = (file: string) => relative(ROOT, file);

/** The anchors of a Markdown file's headings, as GitHub makes them. */
function anchorsOf(file: string): Set<string> {
  const slugger = new GithubSlugger();
  const text = readFileSync(file, 'utf8').replace(/^```[\s\S]*?^```/gm, '');
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((m) => slugger.slug(m[1].replace(/`/g, '').trim())));
}

describe('the documentation', () => {
  it.each(PAGES.map((f) => [name(f), f]))('%s: its example runs are what the commands print now', (_, file) => {
    const differences = processFile(file) as Array<{ command: string; shown: string; fresh: string }>;
    for (const d of differences) expect(d.shown, `${name(file)}: ${d.command} (npm run docs:examples rewrites it)`).toBe(d.fresh);
  });

  it.each(PAGES.map((f) => [name(f), f]))('%s: every relative link leads to a file, and to a heading of it', (_, file) => {
    const text = readFileSync(file, 'utf8').replace(/^```[\s\S]*?^```/gm, '');
    const broken: string[] = [];
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/.test(target)) continue; // https:, mailto:
      const [path, anchor] = target.split('#');
      const to = path === '' ? file : join(dirname(file), decodeURIComponent(path));
      if (!existsSync(to)) broken.push(`${target}: no such file`);
      else if (anchor !== undefined && statSync(to).isFile() && to.endsWith('.md') && !anchorsOf(to).has(anchor)) broken.push(`${target}: no such heading`);
    }
    expect(broken).toEqual([]);
  });

  it("the README's commands are `npx cluedo`, which needs nothing on the PATH after `npm ci`: npx finds the project's own command", () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const commands = [...readme.matchAll(/^\$ (.*)$/gm)].map((m) => m[1]);
    expect(commands.length).toBeGreaterThanOrEqual(3);
    // After `npm ci` nothing has put `cluedo` on the PATH: a bare `cluedo` is "command not found".
    expect(commands.filter((c) => !c.startsWith('npx cluedo ') && !c.startsWith('npm '))).toEqual([]);
    const r = spawnSync('npx', ['--offline', 'cluedo', '--version'], { cwd: ROOT, encoding: 'utf8' });
    expect({ status: r.status, stdout: r.stdout }).toEqual({ status: 0, stdout: `${(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version}\n` });
  });

  it('the README is short: at most 200 lines', () => {
    expect(readFileSync(join(ROOT, 'README.md'), 'utf8').split('\n').length).toBeLessThanOrEqual(200);
  });

  it.each(PAGES.map((f) => [name(f), f]))('%s: speaks to users, not in the words of how the work is organised', (_, file) => {
    const text = readFileSync(file, 'utf8');
    const inside = [/\bissue #?\d+/i, /\bthe issue (asks|says|wants)/i, /\bthe seeds\b/i, /\bseed (documents?|0\d\d)\b/i, /\bcommit [0-9a-f]{7,}\b/i, /\bhelper (session|agent)s?\b/i];
    expect(inside.flatMap((word) => text.match(word) ?? [])).toEqual([]);
  });
});
