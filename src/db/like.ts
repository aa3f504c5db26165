/** A LIKE pattern for text anywhere in a value, with the wildcards in it taken literally (use with `escape '\'`). */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
