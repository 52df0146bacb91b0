/**
 * The syntax tree of an Alfresco Full Text Search (AFTS) query, as the grammar in afts.peggy
 * builds it: a faithful picture of what was written, before any meaning is given to fields.
 */

/**
 * How a clause joins its group, as written before it: `+` mandatory, `|` optional, `-` exclude
 * (and `NOT`/`!`, which Alfresco treats exactly as `-`), or nothing.
 */
export type AftsPrefix = 'default' | 'mandatory' | 'optional' | 'exclude';

/**
 * A field as written: `cm:name`, `@cm:name`, `@cm\:name`, `{uri}name`, `TEXT`, `cm_name`, with an
 * optional sub-field (`cm:content.mimetype`). `prefix` or `uri` say how the name was qualified.
 */
export interface AftsField {
  readonly prefix?: string;
  readonly uri?: string;
  readonly name: string;
  readonly subField?: string;
}

/** One clause of a group, with the prefix that was written before it. */
export interface AftsClause {
  readonly prefix: AftsPrefix;
  readonly query: AftsNode;
  readonly boost?: number;
}

export interface AftsGroup {
  readonly kind: 'and' | 'or';
  readonly clauses: readonly AftsClause[];
}

/**
 * A word, escapes resolved: `exact` for `=word` (not tokenised), `fuzzy` for `word~0.8`.
 * `wildcards` lists the positions in `value` of unescaped `*` and `?` (an escaped `\*` is a
 * literal star and is not listed); absent when there are none.
 */
export interface AftsTerm {
  readonly kind: 'term';
  readonly field?: AftsField;
  readonly value: string;
  readonly wildcards?: readonly number[];
  readonly exact: boolean;
  readonly fuzzy?: number;
}

export interface AftsPhrase {
  readonly kind: 'phrase';
  readonly field?: AftsField;
  readonly value: string;
  readonly exact: boolean;
  readonly slop?: number;
}

/** `field:[from TO to]`, `<…>` for exclusive ends, or `field:from..to` (inclusive). */
export interface AftsRange {
  readonly kind: 'range';
  readonly field?: AftsField;
  readonly from: string;
  readonly to: string;
  readonly includeFrom: boolean;
  readonly includeTo: boolean;
}

/** `big *(3) dog`: valid AFTS that Quire does not answer; kept so the refusal can name it. */
export interface AftsProximity {
  readonly kind: 'proximity';
  readonly field?: AftsField;
  readonly words: readonly string[];
}

/** `%name`: a query template; valid AFTS that Quire does not answer. */
export interface AftsTemplate {
  readonly kind: 'template';
  readonly name: string;
}

export type AftsNode = AftsGroup | AftsTerm | AftsPhrase | AftsRange | AftsProximity | AftsTemplate;
