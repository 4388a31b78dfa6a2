// An upward import: the game layer reaching for an agent.
import { bot } from '../agents/bot.js';
export const move = bot;
