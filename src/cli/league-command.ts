// cluedo league: a pool of agents, at least as many as the seats, played at balanced tables drawn
// from it (every agent, every pair and every seat as often as the design allows), and ranked by a
// rating with its 95% interval. A league is a simulate run whose tables follow the league's
// schedule (TournamentConfig.schedule): it takes simulate's options, their parsers and the rules of
// which go together, less those that choose the tables another way (the solo measurement, the
// thesis's preset), and simulate's machinery: threads, shards and merge, the job queue.
import { Command } from 'commander';
import { UsageError } from './errors.js';
import { requireOptions } from './option-rules.js';
import { runSimulate, simulateCommand, simulateRequest, simulateRequirements, type SimulateOptions } from './simulate-command.js';

/** simulate's options that seat agents another way than the league's schedule. */
const NOT_IN_A_LEAGUE = ['--preset', '--solo', '--field'];
/** Seats at a league's table unless --players says otherwise. */
export const DEFAULT_LEAGUE_PLAYERS = 4;

type LeagueOptions = Omit<SimulateOptions, 'agents' | 'schedule'> & { agents?: string };

export function leagueCommand(): Command {
  const command = new Command('league').description('play a pool of agents at balanced tables drawn from it, and rank them by a rating with its 95% interval');
  // simulate's own option objects: one definition of each option for both commands.
  for (const option of simulateCommand().options) {
    if (NOT_IN_A_LEAGUE.includes(option.long!)) continue;
    if (option.long === '--agents') {
      option.description = 'the pool of agents, each named once, at least as many as --players (the agents and their options as in simulate)';
      option.defaultValue = undefined;
    }
    if (option.long === '--players') option.default(DEFAULT_LEAGUE_PLAYERS);
    command.addOption(option);
  }
  command.action(async (opts: LeagueOptions, self: Command) => {
    // Not a required option: a tournament resumed on the queue by its id has its agents stored with it.
    if (opts.agents === undefined && (opts.queue === undefined || opts.resume === undefined)) throw new UsageError('--agents is missing: name the pool of agents, at least as many as --players');
    await runSimulate(await simulateRequest({ ...opts, agents: opts.agents ?? '', schedule: 'league' }, self));
  });
  // simulate's rules; those of its options a league does not take never apply.
  return requireOptions(command, simulateRequirements());
}
