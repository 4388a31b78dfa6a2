// The names of the commands, in the order `cluedo --help` lists them: the bundled command line
// (src/cli/bin.ts) loads the bundle of the one named, src/cli/entries/<name>.ts.
export const COMMAND_NAMES = ['new', 'add', 'analyze', 'suggest', 'refute', 'accuse', 'knows', 'simulate', 'league', 'merge', 'worker', 'board', 'serve', 'bench'] as const;
