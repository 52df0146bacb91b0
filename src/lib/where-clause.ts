/** A value of a `where` clause in quotes, with `'` and `\` escaped as the server's parser reads them. */
export const quoteWhereValue = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** Quire's people search, `(search='text')`: matches id, first and last name, and email. */
export const peopleSearchWhere = (term: string) => `(search=${quoteWhereValue(term)})`;
