/** Islands of the courier area (see ./index.ts). */
export const courierIslands = {} as const;
