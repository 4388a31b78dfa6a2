// node:fs in the browser bundle: the library reads files only on paths the advisor never takes
// (log files, the Wasm module, which the page provides compiled). Any call is a bug: it throws.
const none = (name: string) => () => {
  throw new Error(`node:fs.${name} is not available in the browser`);
};
export const readFileSync = none('readFileSync');
export const existsSync = (): boolean => false;
export const openSync = none('openSync');
export const closeSync = none('closeSync');
export const fstatSync = none('fstatSync');
export const readSync = none('readSync');
export const statSync = none('statSync');
export type Stats = never;
export default { readFileSync, existsSync, openSync, closeSync, fstatSync, readSync, statSync };
