export const bot = 'bot';
