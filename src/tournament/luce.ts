// Luce's choice model of who wins a game (Plackett–Luce with a single winner): agent i has a
// strength s_i = e^θ_i, and a game at a table with m_j seats of each agent j is won by a seat of
// agent i with probability m_i s_i / Σ_j m_j s_j. The fit reads only sufficient statistics that
// merge exactly (a league's accumulator keeps them per table composition, league.ts), so
// it is the same whatever threads, shards or queue workers played the games, and in whatever
// order. A game nobody won says nothing about who is stronger in this model and is not counted.
//
// Why not a library: the rating packages for Node (openskill: Weng–Lin; TrueSkill ports) update
// sequentially game by game, so their result depends on the order games are processed in and they
// need every game's record, which a run's summary sums do not keep. The maximum-likelihood fit
// below is small: Hunter's (2004) MM algorithm, and standard errors from the inverse of the
// observed information, which for this model does not depend on the outcomes.
//
// Prior (`pseudo`): every agent is credited with `pseudo` wins and `pseudo` losses against a
// fictitious agent of strength 1 at a table of two (the pseudo-rankings of Turner et al.'s
// PlackettLuce package; 0.5 is Jeffreys' Beta(½, ½) prior on s_i / (1 + s_i)). Without it the
// strengths do not exist (they run off to 0 or ∞) as soon as one agent never won, or one group
// never lost to another; with it they always do, and they move by a fraction of a game's worth of
// evidence. With pseudo = 0 the fit is the plain maximum likelihood, which needs the graph "i won a
// game with j at the table" to be strongly connected (Hunter's assumption 1).
//
// Identifiability: the likelihood sees only ratios of strengths. The strengths are reported with
// mean log-strength 0 over the agents fitted (or a subset of them), and their covariance is that of
// the centred values.
//
// An agent that won none of its decided games (or all of them) has no finite maximum-likelihood
// strength: the prior alone places it, and a symmetric interval from the information would
// misstate what the games say. boundaryBound gives the one finite end of an exact interval instead:
// the strength at which results as extreme as its own (every game lost, or every game won) have a
// chance of 2.5%, as Clopper and Pearson's interval does for a proportion of 0 or 1.

/** The games of one table composition: its agents (indexes), their seats at it, the games each won. */
export interface LuceTable {
  members: readonly number[];
  seats: readonly number[];
  won: readonly number[];
}

export interface LuceFit {
  /** Log-strength θ_i of each agent, mean 0 over the agents it is centred over (all by default). */
  strength: number[];
  /** Covariance of the centred log-strengths (the inverse observed information, projected). */
  covariance: number[][];
  /** MM iterations run, and whether the largest change of a log-strength fell below the tolerance. */
  iterations: number;
  converged: boolean;
}

/** Pseudo-wins and pseudo-losses against a fictitious agent of strength 1, per agent (see above). */
export const DEFAULT_PSEUDO = 0.5;
/** MM stops when no log-strength moves by more than this in an iteration. */
const TOLERANCE = 1e-12;
/** A bound on the work: with the level found at once, a fit takes tens to hundreds of iterations. */
const MAX_ITERATIONS = 20_000;

/** The tables in one canonical order, members ascending and equal compositions summed: the fit does not depend on the order given. */
function canonicalTables(tables: readonly LuceTable[]): LuceTable[] {
  const byKey = new Map<string, { members: number[]; seats: number[]; won: number[] }>();
  for (const t of tables) {
    const order = t.members.map((_, i) => i).sort((a, b) => t.members[a] - t.members[b]);
    const members = order.map((i) => t.members[i]);
    const seats = order.map((i) => t.seats[i]);
    const key = `${members.join(',')}/${seats.join(',')}`;
    const into = byKey.get(key);
    if (into === undefined) byKey.set(key, { members, seats, won: order.map((i) => t.won[i]) });
    else order.forEach((i, j) => (into.won[j] += t.won[i]));
  }
  return [...byKey.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, t]) => t);
}

/** Games won at a table: its decided games. */
const decided = (t: LuceTable): number => t.won.reduce((a, b) => a + b, 0);

/**
 * Whether every agent can be reached from every other along "won a game with the other at the
 * table": the condition for the plain maximum-likelihood strengths (pseudo = 0) to exist.
 */
export function stronglyConnected(agents: number, tables: readonly LuceTable[]): boolean {
  const beat = Array.from({ length: agents }, () => new Set<number>());
  const beaten = Array.from({ length: agents }, () => new Set<number>());
  for (const t of tables) {
    t.members.forEach((w, i) => {
      if (t.won[i] === 0) return;
      for (const o of t.members) if (o !== w) (beat[w].add(o), beaten[o].add(w));
    });
  }
  const reach = (edges: Set<number>[]) => {
    const seen = new Set([0]);
    const stack = [0];
    while (stack.length > 0) for (const next of edges[stack.pop()!]) if (!seen.has(next)) (seen.add(next), stack.push(next));
    return seen.size === agents;
  };
  return agents > 0 && reach(beat) && reach(beaten);
}

/** The log-likelihood of log-strengths θ, plus the log of the prior's pseudo-games (up to a constant). */
export function luceObjective(theta: readonly number[], tables: readonly LuceTable[], pseudo = DEFAULT_PSEUDO): number {
  let total = 0;
  for (const t of canonicalTables(tables)) {
    const sum = t.members.reduce((acc, a, i) => acc + t.seats[i] * Math.exp(theta[a]), 0);
    t.members.forEach((a, i) => {
      if (t.won[i] > 0) total += t.won[i] * (Math.log(t.seats[i]) + theta[a] - Math.log(sum));
    });
  }
  // pseudo·log(s/(1+s)) + pseudo·log(1/(1+s)) = pseudo·(θ − 2·log(1 + e^θ))
  for (const x of theta) total += pseudo * (x - 2 * Math.log1p(Math.exp(x)));
  return total;
}

/** The observed information −∂²/∂θ² of the objective: Σ over tables of its decided games × (diag π − ππᵀ), π the win probabilities. */
export function luceInformation(theta: readonly number[], tables: readonly LuceTable[], pseudo = DEFAULT_PSEUDO): number[][] {
  const k = theta.length;
  const info = Array.from({ length: k }, () => new Array<number>(k).fill(0));
  for (const t of canonicalTables(tables)) {
    const games = decided(t);
    if (games === 0) continue;
    const weights = t.members.map((a, i) => t.seats[i] * Math.exp(theta[a]));
    const sum = weights.reduce((x, y) => x + y, 0);
    const p = weights.map((w) => w / sum);
    t.members.forEach((a, i) => {
      info[a][a] += games * p[i];
      t.members.forEach((b, j) => (info[a][b] -= games * p[i] * p[j]));
    });
  }
  theta.forEach((x, i) => {
    const q = 1 / (1 + Math.exp(-x));
    info[i][i] += 2 * pseudo * q * (1 - q);
  });
  return info;
}

/** The inverse of a symmetric positive definite matrix (Gauss–Jordan with partial pivoting). */
function inverse(matrix: readonly number[][]): number[][] {
  const n = matrix.length;
  const a = matrix.map((row, i) => [...row, ...Array.from({ length: n }, (_, j) => (i === j ? 1 : 0))]);
  for (let c = 0; c < n; c++) {
    let pivot = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(a[r][c]) > Math.abs(a[pivot][c])) pivot = r;
    if (!(Math.abs(a[pivot][c]) > 0)) throw new RangeError('the information matrix is singular');
    [a[c], a[pivot]] = [a[pivot], a[c]];
    const scale = a[c][c];
    for (let j = 0; j < 2 * n; j++) a[c][j] /= scale;
    for (let r = 0; r < n; r++) {
      if (r === c || a[r][c] === 0) continue;
      const f = a[r][c];
      for (let j = 0; j < 2 * n; j++) a[r][j] -= f * a[c][j];
    }
  }
  return a.map((row) => row.slice(n));
}

/**
 * The covariance of the log-strengths centred over the agents `over`, A·M·Aᵀ with A = I − 1·wᵀ
 * (w: 1/|over| on `over`, 0 elsewhere): M = H⁻¹ with a prior; without one H is singular along the
 * ones vector, which A removes, and M = (H + J/k)⁻¹ (J the matrix of ones) is the inverse of H on
 * the other directions plus J/k.
 */
function centredCovariance(info: readonly number[][], pseudo: number, over: readonly number[]): number[][] {
  const k = info.length;
  const m = inverse(pseudo === 0 ? info.map((row) => row.map((x) => x + 1 / k)) : info);
  // (A·M·Aᵀ)_ij = M_ij − r_i − r_j + c, r_i the mean of M_i· over `over`, c the mean of M over over × over.
  const r = m.map((row) => over.reduce((sum, j) => sum + row[j], 0) / over.length);
  const c = over.reduce((sum, i) => sum + r[i], 0) / over.length;
  return m.map((row, i) => row.map((x, j) => x - r[i] - r[j] + c));
}

/**
 * Fits the log-strengths of agents 0..agents−1 to the games of `tables` by Hunter's MM algorithm:
 * s_i ← (W_i + pseudo) / (Σ_T n_T·m_Ti / Σ_j m_Tj·s_j + 2·pseudo / (s_i + 1)), W_i the games i won,
 * n_T the decided games at table T; each step increases the objective, which is concave in θ.
 * Throws a RangeError when pseudo is 0 and the maximum-likelihood strengths do not exist.
 */
export function fitLuce(agents: number, tables: readonly LuceTable[], options: { pseudo?: number; centreOver?: readonly number[] } = {}): LuceFit {
  const pseudo = options.pseudo ?? DEFAULT_PSEUDO;
  const over = options.centreOver ?? Array.from({ length: agents }, (_, i) => i);
  if (over.length === 0 || over.some((i) => !(i >= 0 && i < agents))) throw new RangeError('fitLuce: centreOver names no agent, or one outside 0..agents-1');
  if (!(pseudo >= 0)) throw new RangeError(`fitLuce: pseudo must be at least 0, got ${pseudo}`);
  const canonical = canonicalTables(tables).filter((t) => decided(t) > 0);
  if (pseudo === 0 && !stronglyConnected(agents, canonical)) {
    throw new RangeError('fitLuce: without a prior the strengths do not exist: some group of agents never won a game against another');
  }
  const wins = new Array<number>(agents).fill(0);
  for (const t of canonical) t.members.forEach((a, i) => (wins[a] += t.won[i]));
  const games = canonical.map(decided);
  let s = new Array<number>(agents).fill(1);
  let iterations = 0;
  let converged = false;
  while (!converged && iterations < MAX_ITERATIONS) {
    const denominator = s.map((x) => (2 * pseudo) / (x + 1));
    for (let t = 0; t < canonical.length; t++) {
      const { members, seats } = canonical[t];
      let sum = 0;
      for (let i = 0; i < members.length; i++) sum += seats[i] * s[members[i]];
      for (let i = 0; i < members.length; i++) denominator[members[i]] += (games[t] * seats[i]) / sum;
    }
    // The likelihood sees only ratios, and the prior alone places the common level, which MM moves
    // slowly: after each step, shift every log-strength to the best level at once (still an ascent).
    const step = s.map((_, i) => Math.log((wins[i] + pseudo) / denominator[i]));
    const next = (pseudo === 0 ? centred(step) : bestLevel(step)).map(Math.exp);
    converged = next.every((x, i) => Math.abs(Math.log(x) - Math.log(s[i])) <= TOLERANCE);
    s = next;
    iterations++;
  }
  const theta = s.map(Math.log);
  const mean = over.reduce((sum, i) => sum + theta[i], 0) / over.length;
  return { strength: theta.map((x) => x - mean), covariance: centredCovariance(luceInformation(theta, canonical, pseudo), pseudo, over), iterations, converged };
}

/**
 * For an agent that won none of its decided games (or all of them), the others' log-strengths
 * fixed at `theta`: the log-strength at which the chance of that result (losing every one of them,
 * or winning every one) falls to `tail`, the finite end of its interval: with 2.5%, the default,
 * its 95% interval is open on the other side. That chance is the likelihood of the games relative
 * to its supremum, approached as the strength goes to 0 (or ∞).
 */
export function boundaryBound(agent: number, theta: readonly number[], tables: readonly LuceTable[], tail = 0.025): number {
  const drop = -Math.log(tail);
  const games = canonicalTables(tables).flatMap((t) => {
    const at = t.members.indexOf(agent);
    if (at < 0 || decided(t) === 0) return [];
    const others = t.members.reduce((sum, a, i) => (i === at ? sum : sum + t.seats[i] * Math.exp(theta[a])), 0);
    return [{ seats: t.seats[at], others, won: t.won[at], lost: decided(t) - t.won[at] }];
  });
  const won = games.reduce((n, g) => n + g.won, 0);
  const lost = games.reduce((n, g) => n + g.lost, 0);
  if (won > 0 && lost > 0) throw new RangeError(`boundaryBound: agent ${agent} won some of its games and lost others: its strength is finite`);
  // Log-likelihood relative to the supremum: Σ won·log π + lost·log(1 − π), π = m·e^x / (m·e^x + others).
  const relative = (x: number) =>
    games.reduce((sum, g) => {
      const odds = (g.seats * Math.exp(x)) / g.others;
      return sum - g.won * Math.log1p(1 / odds) - g.lost * Math.log1p(odds);
    }, 0);
  // Monotone: decreasing in x for an agent that never won, increasing for one that always did.
  const below = won === 0;
  let low = -60;
  let high = 60;
  for (let i = 0; i < 200; i++) {
    const mid = (low + high) / 2;
    if (mid === low || mid === high) break;
    const inside = relative(mid) > -drop;
    if (inside === below) low = mid;
    else high = mid;
  }
  return (low + high) / 2;
}

/**
 * θ shifted by the c that maximises the prior's term Σ_i pseudo·(θ_i + c − 2·log(1 + e^(θ_i + c))),
 * the only part of the objective that depends on a common shift: the c with Σ_i σ(θ_i + c) = k/2
 * (σ the logistic function, increasing in c), found by bisection to the last bit.
 */
function bestLevel(theta: readonly number[]): number[] {
  const excess = (c: number) => theta.reduce((sum, x) => sum + 1 / (1 + Math.exp(-(x + c))), 0) - theta.length / 2;
  let low = -Math.max(...theta) - 1;
  let high = -Math.min(...theta) + 1;
  for (let i = 0; i < 200 && low < high; i++) {
    const mid = (low + high) / 2;
    if (mid === low || mid === high) break;
    if (excess(mid) < 0) low = mid;
    else high = mid;
  }
  const c = (low + high) / 2;
  return theta.map((x) => x + c);
}

function centred(values: readonly number[]): number[] {
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  return values.map((x) => x - mean);
}
