/**
 * A seat out after a wrong accusation (model/rules.ts eliminatedSeats) as the opponents' knowledge
 * reports it: opponents() marks it out, the threat behind the accusation advice leaves it aside
 * whatever it knows, and `cluedo analyze --opponents` says it is out (in words and in JSON).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { accusationAdvice, threatOf } from '../src/analysis/accuse-advice.js';
import { opponentsInThisThread } from '../src/analysis/opponents.js';
import { parseGame } from '../src/io/log.js';
import { eliminatedSeats } from '../src/model/rules.js';
import { runInProcess as cluedo } from './support/run-in-process.js';

// classic-5p-mid: P1, who may know much of the envelope, accuses the likeliest solution wrongly.
const MID = JSON.parse(readFileSync('examples/classic-5p-mid.json', 'utf8'));
const WRONG = { ...MID, events: [...MID.events, { type: 'accusation', by: 'P1', cards: ['Mrs. Peacock', 'Knife', 'Ballroom'], correct: false }] };
const dir = mkdtempSync(join(tmpdir(), 'cluedo-opponents-out-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('an opponent out after a wrong accusation', () => {
  it('is marked out by opponents() and left out of the threat, as the rules say', () => {
    const game = parseGame(WRONG);
    const out = eliminatedSeats(game.events, game.players.length);
    expect(out).toEqual([false, true, false, false, false]);
    const seen = opponentsInThisThread(game, { seed: 1, nextTurn: true })!;
    expect(seen.seats.map((s) => [s.seat, s.out])).toEqual([1, 2, 3, 4].map((s) => [s, out[s]]));
    // What P1 knows is still reported: it could name the envelope, but may no longer accuse.
    const p1 = seen.seats.find((s) => s.seat === 1)!;
    expect(Math.max(p1.canAccuse, p1.canAccuseNextTurn!)).toBeGreaterThan(0);
    const stillIn = seen.seats.filter((s) => !out[s.seat]).map((s) => Math.max(s.canAccuse, s.canAccuseNextTurn ?? 0));
    const expected = 1 - stillIn.reduce((p, q) => p * (1 - q), 1);
    expect(threatOf(seen.seats).threat).toBeCloseTo(expected, 12);
    const advice = accusationAdvice(game, { seed: 1 });
    expect(advice.threat).toBeCloseTo(expected, 12);
    expect(advice.seats.map((s) => s.seat)).toEqual([2, 3, 4]);
  });

  it('is "out" in cluedo analyze --opponents, in words and in JSON', async () => {
    const file = join(dir, 'wrong.json');
    writeFileSync(file, JSON.stringify(WRONG));
    const text = await cluedo(['analyze', file, '--opponents']);
    expect(text.status, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/^ {2}P1 {2}can accuse: {2}out {3}knows you hold: /m);
    expect(text.stdout).toMatch(/^ {2}P2 {2}can accuse: +\d+% {3}knows you hold: /m);
    const json = await cluedo(['analyze', file, '--opponents', '--json']);
    expect(json.status, json.stderr).toBe(0);
    const seats = JSON.parse(json.stdout).opponents.seats as { seat: string; out: boolean }[];
    expect(seats.map((s) => [s.seat, s.out])).toEqual([['P1', true], ['P2', false], ['P3', false], ['P4', false]]);
  });
});
