/** Islands of the business area (see ./index.ts). */
export const businessIslands = {} as const;
