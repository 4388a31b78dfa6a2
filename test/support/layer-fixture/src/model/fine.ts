// A downward import, which the rules allow.
export const fine = 1;
