// Markov chain draws reweighted by a response policy's likelihood (self-normalised importance
// sampling): the chains target the uniform distribution over the consistent deals, each recorded
// deal counts with its likelihood, and every probability is a ratio of weighted sums. Standard
// errors are batch means of that ratio (each chain cut into batches, the ratio linearised around
// the overall estimate), so they account for both the chains' correlation and the weights'
// spread; effectiveSamples is the smallest p (1 - p) / SE² over the uncertain probabilities.
import { addFact, type ConstraintStore, type Fact } from './constraints.js';
import { chainsFor, runChain } from './mcmc.js';
import { dealLikelihood, type ResponseFactor } from './responses.js';
import { combinationCount, envelopeIndex } from './tallies.js';
import { possibleOwners, SearchGaveUpError, DEFAULT_SEARCH_BUDGET } from './search.js';
import type { KnowledgeCore } from './wasm-core.js';
import type { SampleTallies, Sampler } from './worlds.js';
import { ownerWidth } from '../model/owners.js';

export class WeightedMcmcSampler implements Sampler {
  readonly method = 'mcmc';

  constructor(
    readonly core: KnowledgeCore,
    readonly store: ConstraintStore,
    private readonly possible: Uint32Array,
    readonly factors: readonly ResponseFactor[],
  ) {}

  /** Each chain's recorded deals. */
  private traces(samples: number, seed: number): Uint32Array[] {
    const tasks = chainsFor(this.store, samples, seed);
    return tasks.map((task) => runChain(this.core, { ...task, trace: Math.floor(task.steps / task.thin) }).trace);
  }

  tallies(samples: number, seed: number): SampleTallies {
    const { nCards, nSeats, categoryMasks } = this.store;
    const width = ownerWidth(nSeats);
    const cells = nCards * width;
    const combos = combinationCount(categoryMasks);
    const BATCHES = 20;
    // Per batch: weighted owner sums, weighted envelope sums, and the batch's total weight.
    const batchOwners: Float64Array[] = [];
    const batchEnvelopes: Float64Array[] = [];
    const batchWeights: number[] = [];
    let drawn = 0;
    let sumW = 0;
    let sumW2 = 0;
    for (const trace of this.traces(samples, seed)) {
      const n = trace.length / width;
      drawn += n;
      for (let b = 0; b < BATCHES; b++) {
        const owners = new Float64Array(cells);
        const envelopes = new Float64Array(combos);
        let weight = 0;
        for (let k = Math.floor((n * b) / BATCHES); k < Math.floor((n * (b + 1)) / BATCHES); k++) {
          const at = k * width;
          const w = dealLikelihood(this.factors, trace, at);
          if (w === 0) continue;
          weight += w;
          sumW2 += w * w;
          for (let o = 0; o < width; o++) for (let m = trace[at + o]; m !== 0; m &= m - 1) owners[(31 - Math.clz32(m & -m)) * width + o] += w;
          envelopes[envelopeIndex(categoryMasks, trace[at + nSeats])] += w;
        }
        sumW += weight;
        batchOwners.push(owners);
        batchEnvelopes.push(envelopes);
        batchWeights.push(weight);
      }
    }
    const ownerCounts = new Float64Array(cells);
    const envelopeCounts = new Float64Array(combos);
    for (const owners of batchOwners) for (let i = 0; i < cells; i++) ownerCounts[i] += owners[i];
    for (const envelopes of batchEnvelopes) for (let i = 0; i < combos; i++) envelopeCounts[i] += envelopes[i];
    const nb = batchWeights.length;
    const meanW = sumW / nb;
    const ratioError = (sums: Float64Array[], total: number, i: number): number => {
      const p = total / sumW;
      let squares = 0;
      for (let b = 0; b < nb; b++) {
        const d = (sums[b][i] - p * batchWeights[b]) / meanW;
        squares += d * d;
      }
      return Math.sqrt(squares / (nb * (nb - 1)));
    };
    const ownerErrors = ownerCounts.map((total, i) => ratioError(batchOwners, total, i));
    const envelopeErrors = envelopeCounts.map((total, i) => ratioError(batchEnvelopes, total, i));
    let effective = Infinity;
    ownerCounts.forEach((total, i) => {
      const p = total / sumW;
      if (p > 0 && p < 1 && ownerErrors[i] > 0) effective = Math.min(effective, (p * (1 - p)) / (ownerErrors[i] * ownerErrors[i]));
    });
    // With nothing uncertain, the weights alone say what the draws are worth (Kish's effective size).
    if (!Number.isFinite(effective)) effective = sumW2 > 0 ? (sumW * sumW) / sumW2 : drawn;
    return { total: sumW, ownerCounts, envelopeCounts, ownerErrors, envelopeErrors, effectiveSamples: effective };
  }

  /** Draws resampled in proportion to their weight (a weighted bootstrap of the chains' deals). */
  draw(samples: number, seed: number): Uint32Array {
    const width = ownerWidth(this.store.nSeats);
    const deals = this.traces(samples, seed);
    const all = new Uint32Array(deals.reduce((n, t) => n + t.length, 0));
    let at = 0;
    for (const t of deals) {
      all.set(t, at);
      at += t.length;
    }
    const n = all.length / width;
    const cumulative = new Float64Array(n);
    let sum = 0;
    for (let k = 0; k < n; k++) cumulative[k] = sum += dealLikelihood(this.factors, all, k * width);
    const out = new Uint32Array(samples * width);
    // Systematic resampling: evenly spaced points through the cumulative weights, deterministic given the draws.
    let k = 0;
    for (let s = 0; s < samples; s++) {
      const u = ((s + 0.5) / samples) * sum;
      while (k < n - 1 && cumulative[k] <= u) k++;
      out.set(all.subarray(k * width, (k + 1) * width), s * width);
    }
    return out;
  }

  possibleOwners(): Uint32Array {
    return this.possible;
  }

  exactCount(): null {
    return null;
  }

  with(fact: Fact): WeightedMcmcSampler {
    const store = addFact(this.store, fact);
    const search = possibleOwners(this.core, store);
    if (search.status !== 'exact') throw new SearchGaveUpError(DEFAULT_SEARCH_BUDGET);
    return new WeightedMcmcSampler(this.core, store, search.possible, this.factors);
  }

  dispose(): void {}

  [Symbol.dispose](): void {}
}
