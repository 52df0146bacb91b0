/**
 * The built-in content model: types, aspects and their properties, as a subset of Alfresco's
 * contentModel.xml. The UI reads it to offer aspects and property editors.
 */
export type DataType =
  | 'd:text'
  | 'd:mltext'
  | 'd:int'
  | 'd:long'
  | 'd:float'
  | 'd:double'
  | 'd:boolean'
  | 'd:date'
  | 'd:datetime'
  | 'd:content'
  | 'd:category'
  | 'd:noderef';

export interface PropertyDef {
  name: string;
  title: string;
  dataType: DataType;
  multiValued?: boolean;
  /** Every node of the class has a value (`cm:name`). */
  mandatory?: boolean;
  /** Managed by the repository; clients cannot set it. */
  protected?: boolean;
}

/** Whether clients cannot set a property: the repository manages it, or Quire cannot store such values yet. */
export const isProtected = (p: PropertyDef): boolean =>
  Boolean(p.protected) || p.dataType === 'd:content' || p.dataType === 'd:category';

export interface ClassDef {
  name: string;
  title: string;
  description?: string;
  parent?: string;
  /** Aspects every node of the type carries (and of its subtypes). */
  mandatoryAspects?: string[];
  properties: PropertyDef[];
}

export const NAMESPACES: Record<string, string> = {
  sys: 'http://www.alfresco.org/model/system/1.0',
  cm: 'http://www.alfresco.org/model/content/1.0',
  app: 'http://www.alfresco.org/model/application/1.0',
  st: 'http://www.alfresco.org/model/site/1.0',
};

const prop = (name: string, title: string, dataType: DataType, extra: Partial<PropertyDef> = {}): PropertyDef => ({
  name,
  title,
  dataType,
  ...extra,
});

const TYPES: ClassDef[] = [
  { name: 'sys:base', title: 'Base', properties: [] },
  {
    name: 'cm:cmobject',
    title: 'Object',
    parent: 'sys:base',
    mandatoryAspects: ['cm:auditable'],
    properties: [prop('cm:name', 'Name', 'd:text', { protected: true, mandatory: true })],
  },
  {
    name: 'cm:content',
    title: 'Content',
    parent: 'cm:cmobject',
    properties: [prop('cm:content', 'Content', 'd:content', { protected: true })],
  },
  { name: 'cm:folder', title: 'Folder', parent: 'cm:cmobject', properties: [] },
  { name: 'cm:systemfolder', title: 'System Folder', parent: 'cm:folder', properties: [] },
  { name: 'cm:dictionaryModel', title: 'Dictionary Model', parent: 'cm:content', properties: [] },
  { name: 'cm:savedquery', title: 'Saved Query', parent: 'cm:content', properties: [] },
  { name: 'st:sites', title: 'Sites', parent: 'cm:folder', properties: [] },
  {
    name: 'st:site',
    title: 'Site',
    parent: 'cm:folder',
    properties: [
      // Managed through /sites: the site's permissions follow its visibility.
      prop('st:sitePreset', 'Site Preset', 'd:text', { protected: true }),
      prop('st:siteVisibility', 'Site Visibility', 'd:text', { protected: true }),
    ],
  },
];

const ASPECTS: ClassDef[] = [
  {
    name: 'cm:auditable',
    title: 'Auditable',
    properties: [
      prop('cm:created', 'Created', 'd:datetime', { protected: true }),
      prop('cm:creator', 'Creator', 'd:text', { protected: true }),
      prop('cm:modified', 'Modified', 'd:datetime', { protected: true }),
      prop('cm:modifier', 'Modifier', 'd:text', { protected: true }),
      prop('cm:accessed', 'Accessed', 'd:datetime', { protected: true }),
    ],
  },
  {
    name: 'cm:titled',
    title: 'Titled',
    properties: [prop('cm:title', 'Title', 'd:mltext'), prop('cm:description', 'Description', 'd:mltext')],
  },
  { name: 'cm:author', title: 'Author', properties: [prop('cm:author', 'Author', 'd:text')] },
  {
    name: 'cm:versionable',
    title: 'Versionable',
    properties: [
      prop('cm:versionLabel', 'Version Label', 'd:text', { protected: true }),
      prop('cm:versionType', 'Version Type', 'd:text', { protected: true }),
      prop('cm:initialVersion', 'Initial Version', 'd:boolean', { protected: true }),
      prop('cm:autoVersion', 'Auto Version', 'd:boolean', { protected: true }),
      prop('cm:autoVersionOnUpdateProps', 'Auto Version on Properties Update', 'd:boolean'),
    ],
  },
  {
    name: 'cm:lockable',
    title: 'Lockable',
    properties: [
      prop('cm:lockOwner', 'Lock Owner', 'd:text', { protected: true }),
      prop('cm:lockType', 'Lock Type', 'd:text', { protected: true }),
      prop('cm:lockLifetime', 'Lock Lifetime', 'd:text', { protected: true }),
      prop('cm:expiryDate', 'Expiry Date', 'd:datetime', { protected: true }),
      prop('cm:lockIsDeep', 'Lock Is Deep', 'd:boolean', { protected: true }),
    ],
  },
  {
    name: 'cm:taggable',
    title: 'Taggable',
    properties: [prop('cm:taggable', 'Tags', 'd:category', { multiValued: true })],
  },
  {
    name: 'cm:generalclassifiable',
    title: 'Classifiable',
    properties: [prop('cm:categories', 'Categories', 'd:category', { multiValued: true })],
  },
  { name: 'cm:ownable', title: 'Ownable', properties: [prop('cm:owner', 'Owner', 'd:text')] },
  { name: 'cm:copiedfrom', title: 'Copied From', properties: [] },
  {
    name: 'cm:effectivity',
    title: 'Effectivity',
    properties: [prop('cm:from', 'Effective From', 'd:datetime'), prop('cm:to', 'Effective To', 'd:datetime')],
  },
  {
    name: 'cm:geographic',
    title: 'Geographic',
    properties: [prop('cm:latitude', 'Latitude', 'd:double'), prop('cm:longitude', 'Longitude', 'd:double')],
  },
  {
    name: 'cm:dublincore',
    title: 'Dublin Core',
    properties: [
      prop('cm:publisher', 'Publisher', 'd:text'),
      prop('cm:contributor', 'Contributor', 'd:text'),
      prop('cm:type', 'Type', 'd:text'),
      prop('cm:identifier', 'Identifier', 'd:text'),
      prop('cm:dcsource', 'Source', 'd:text'),
      prop('cm:coverage', 'Coverage', 'd:text'),
      prop('cm:rights', 'Rights', 'd:text'),
      prop('cm:subject', 'Subject', 'd:text'),
    ],
  },
  { name: 'cm:summarizable', title: 'Summarizable', properties: [prop('cm:summary', 'Summary', 'd:mltext')] },
  {
    name: 'cm:emailed',
    title: 'Emailed',
    properties: [
      prop('cm:originator', 'Originator', 'd:text'),
      prop('cm:addressee', 'Addressee', 'd:text'),
      prop('cm:addressees', 'Addressees', 'd:text', { multiValued: true }),
      prop('cm:subjectline', 'Subject', 'd:text'),
      prop('cm:sentdate', 'Sent Date', 'd:datetime'),
    ],
  },
  {
    name: 'cm:countable',
    title: 'Countable',
    properties: [prop('cm:hits', 'Hits', 'd:int'), prop('cm:counter', 'Counter', 'd:int')],
  },
  { name: 'app:uifacets', title: 'UI Facets', properties: [prop('app:icon', 'Icon', 'd:text')] },
  {
    name: 'st:siteContainer',
    title: 'Site Container',
    properties: [prop('st:componentId', 'Component Id', 'd:text', { protected: true })],
  },
];

export interface Dictionary {
  type(name: string): ClassDef | undefined;
  aspect(name: string): ClassDef | undefined;
  types(): readonly ClassDef[];
  aspects(): readonly ClassDef[];
  isSubtypeOf(type: string, ancestor: string): boolean;
  subtypesOf(type: string): string[];
  /** The type or aspect that defines a property, and the definition. */
  property(name: string): { owner: ClassDef; kind: 'type' | 'aspect'; def: PropertyDef } | undefined;
  isKnownPrefix(prefix: string): boolean;
  classify(type: string): { isFolder: boolean; isFile: boolean };
}

export function createDictionary(): Dictionary {
  const types = new Map(TYPES.map((t) => [t.name, t]));
  const aspects = new Map(ASPECTS.map((a) => [a.name, a]));
  const properties = new Map<string, { owner: ClassDef; kind: 'type' | 'aspect'; def: PropertyDef }>();
  for (const t of TYPES) for (const p of t.properties) properties.set(p.name, { owner: t, kind: 'type', def: p });
  for (const a of ASPECTS) for (const p of a.properties) properties.set(p.name, { owner: a, kind: 'aspect', def: p });

  const isSubtypeOf = (type: string, ancestor: string): boolean => {
    for (let t = types.get(type); t; t = t.parent ? types.get(t.parent) : undefined) {
      if (t.name === ancestor) return true;
    }
    return false;
  };

  return {
    type: (name) => types.get(name),
    aspect: (name) => aspects.get(name),
    types: () => TYPES,
    aspects: () => ASPECTS,
    isSubtypeOf,
    subtypesOf: (type) => TYPES.filter((t) => isSubtypeOf(t.name, type)).map((t) => t.name),
    property: (name) => properties.get(name),
    isKnownPrefix: (prefix) => prefix in NAMESPACES,
    classify: (type) => ({
      isFolder: isSubtypeOf(type, 'cm:folder') && !isSubtypeOf(type, 'cm:systemfolder'),
      isFile: isSubtypeOf(type, 'cm:content'),
    }),
  };
}
