import contractSource from './rule-contract.d.ts?raw';

/** The two kinds of rule the editor serves. */
export type RuleKind = 'document' | 'dossier';

/** A doc comment of the contract: the Italian text, and the English one after `@en`. */
export interface ContractDoc {
  it: string;
  en: string;
}

export interface ContractField {
  name: string;
  /** The declared type, as written (`Word[]`, `Record<string, unknown>`, …). */
  type: string;
  optional: boolean;
  doc: ContractDoc;
}

export interface ContractInterface {
  name: string;
  doc: ContractDoc;
  fields: ContractField[];
}

/** What a rule of each kind receives and returns (interfaces of rule-contract.d.ts). */
export const CONTRACT_ROOTS: Record<RuleKind, { input: string; result: string }> = {
  document: { input: 'DocumentRuleInput', result: 'DocumentRuleResult' },
  dossier: { input: 'DossierRuleInput', result: 'DossierRuleResult' },
};

function parseDoc(comment: string): ContractDoc {
  const text = comment
    .replace(/^\/\*\*/, '')
    .replace(/\*\/$/, '')
    .split('\n')
    .map((line) => line.replace(/^\s*\*\s?/, '').trim())
    .join(' ');
  const [it = '', en = ''] = text.split('@en');
  return { it: it.replace(/\s+/g, ' ').trim(), en: en.replace(/\s+/g, ' ').trim() };
}

const EMPTY_DOC: ContractDoc = { it: '', en: '' };

/** Reads one member declaration (`name?: Type;`) of an interface body from `at`; answers it and where it ends. */
function readMember(body: string, at: number): { text: string; end: number } {
  let depth = 0;
  let index = at;
  for (; index < body.length; index++) {
    const char = body[index];
    if (char === '<' || char === '(' || char === '{' || char === '[') depth++;
    // The `>` of an arrow (`(x: string) => number`) closes nothing.
    else if (char === '>' && body[index - 1] === '=') continue;
    else if (char === '>' || char === ')' || char === '}' || char === ']') depth--;
    else if (char === ';' && depth === 0) break;
    else if (char === '\n' && depth === 0 && body.slice(at, index).trim() !== '' && !/[|&,(<{[]\s*$/.test(body.slice(at, index))) break;
  }
  return { text: body.slice(at, index).trim(), end: index + 1 };
}

/**
 * The interfaces of a declaration file written as rule-contract.d.ts is: `export interface` blocks
 * of `name?: Type;` members, each preceded by its `/** … *\/` comment (index signatures skipped).
 */
export function parseContract(source: string): Map<string, ContractInterface> {
  const interfaces = new Map<string, ContractInterface>();
  const header = /(\/\*\*[\s\S]*?\*\/)?\s*export\s+interface\s+([A-Za-z_$][\w$]*)\s*\{/g;
  for (let match = header.exec(source); match !== null; match = header.exec(source)) {
    const name = match[2] ?? '';
    const doc = match[1] ? parseDoc(match[1]) : EMPTY_DOC;
    // The body: up to the brace closing the interface (doc comments may hold braces).
    let index = header.lastIndex;
    let depth = 1;
    const fields: ContractField[] = [];
    let pendingDoc: ContractDoc = EMPTY_DOC;
    while (index < source.length && depth > 0) {
      const rest = source.slice(index);
      const space = /^\s+/.exec(rest);
      if (space) {
        index += space[0].length;
        continue;
      }
      if (rest.startsWith('/**') || rest.startsWith('/*')) {
        const end = source.indexOf('*/', index) + 2;
        pendingDoc = parseDoc(source.slice(index, end));
        index = end;
        continue;
      }
      if (rest.startsWith('//')) {
        index = source.indexOf('\n', index) + 1 || source.length;
        continue;
      }
      if (rest.startsWith('}')) {
        depth--;
        index++;
        continue;
      }
      const { text, end } = readMember(source, index);
      index = end;
      const member = /^([A-Za-z_$][\w$]*)(\?)?\s*:\s*([\s\S]+)$/.exec(text);
      if (member) fields.push({ name: member[1] ?? '', optional: member[2] === '?', type: (member[3] ?? '').trim(), doc: pendingDoc });
      pendingDoc = EMPTY_DOC;
    }
    header.lastIndex = index;
    interfaces.set(name, { name, doc, fields });
  }
  return interfaces;
}

/** The contract of rule-contract.d.ts, parsed once. */
export const CONTRACT = parseContract(contractSource);

/** A type of the contract as the completion follows it: an interface, an array of something, or opaque. */
export type ContractType = { kind: 'interface'; value: ContractInterface } | { kind: 'array'; element: ContractType } | { kind: 'other' };

export function resolveType(type: string, contract: Map<string, ContractInterface> = CONTRACT): ContractType {
  const text = type.trim();
  if (text.endsWith('[]')) return { kind: 'array', element: resolveType(text.slice(0, -2), contract) };
  const array = /^(?:Array|ReadonlyArray)<(.+)>$/.exec(text);
  if (array) return { kind: 'array', element: resolveType(array[1] ?? '', contract) };
  const found = contract.get(text);
  return found ? { kind: 'interface', value: found } : { kind: 'other' };
}
