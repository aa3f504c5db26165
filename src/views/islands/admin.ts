/** Islands of the admin area (see ./index.ts). */
export const adminIslands = {} as const;
