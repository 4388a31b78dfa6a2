// A module of a browser entry that reaches Node's file system.
import { readFileSync } from 'node:fs';
export const read = readFileSync;
