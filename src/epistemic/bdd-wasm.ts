// The decision-diagram package's module (assembly/bdd/ → build/bdd.wasm) and its exports. Each
// manager (symbolic/bdd.ts) makes its own instance, so disposing one drops its memory.
//
// This module stays one level under src/, as every module that names a file of build/: the CLI's
// bundle sits one level under dist/ too, so such URLs resolve from it unchanged.
import { instantiateModule, wasmModule } from '../knowledge/wasm-module.js';

export interface BddExports {
  memory: WebAssembly.Memory;
  MAX_VARS: WebAssembly.Global;
  OP_AND: WebAssembly.Global;
  OP_OR: WebAssembly.Global;
  OP_XOR: WebAssembly.Global;
  OP_IFF: WebAssembly.Global;
  OP_IMPLIES: WebAssembly.Global;
  init(maxNodes: number, initialCapacity: number): number;
  argsAt(): number;
  renameAt(): number;
  weightsAt(): number;
  nodesAt(): number;
  workAreaAt(n: number): number;
  newVar(level: number): number;
  levelOf(v: number): number;
  variables(): number;
  literal(v: number, positive: boolean): number;
  not(f: number): number;
  binary(op: number, f: number, g: number): number;
  ite(f: number, g: number, h: number): number;
  exists(f: number, cube: number): number;
  forall(f: number, cube: number): number;
  andExists(f: number, g: number, cube: number): number;
  restrict(f: number, v: number, value: boolean): number;
  compose(f: number, v: number, g: number): number;
  rename(f: number): number;
  cube(n: number): number;
  exactly(n: number, k: number): number;
  count(f: number, n: number): number;
  limbsFor(n: number): number;
  weightedCount(f: number, n: number): number;
  support(f: number): number;
  size(f: number): number;
  collect(roots: number, n: number): void;
  liveNodes(): number;
  peakNodes(): number;
  collections(): number;
  takeTooLarge(): number;
}

export const BDD_WASM_PATH = new URL('../../build/bdd.wasm', import.meta.url);

/** A new instance of the package: one manager's memory. */
export function bddInstance(): BddExports {
  return instantiateModule<BddExports>(wasmModule(BDD_WASM_PATH), 'decision diagrams');
}
