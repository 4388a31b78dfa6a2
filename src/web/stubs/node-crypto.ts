// node:crypto in the browser bundle: the Web Crypto API's randomUUID.
export const randomUUID = (): string => globalThis.crypto.randomUUID();
export default { randomUUID };
