import { command } from '../cli/command.js';
export const model = command;
