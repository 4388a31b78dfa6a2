export const command = 'x';
