import type { Completion, CompletionContext, CompletionResult, CompletionSource } from '@codemirror/autocomplete';
import type { EditorView } from '@codemirror/view';
import { CONTRACT, CONTRACT_ROOTS, resolveType, type ContractField, type ContractInterface, type ContractType, type RuleKind } from './contract';

// Completion of a rule's code (a CodeMirror completion source, added to JavaScript's own): the
// fields of the rule's input from the contract (rule-contract.d.ts), the fields of its result
// inside `return { … }`, the names helper.js exports and the functions of the module
// "istruttoria" (each inserted with its import).

/** The module a rule imports its helper from. */
export const HELPER_MODULE = './helper.js';
/** The rules' standard library (its functions: `IstruttoriaModule` of the contract). */
export const STD_MODULE = 'istruttoria';

/** The modules a rule imports from, as an import's specifier matches them. */
const MODULE_PATTERNS: Record<string, string> = {
  [HELPER_MODULE]: String.raw`\./helper(?:\.js)?`,
  [STD_MODULE]: STD_MODULE,
};

export interface HelperExport {
  name: string;
  kind: 'function' | 'variable' | 'class';
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** The text without its comments and the contents of its strings (same length, so positions hold). */
function blankCommentsAndStrings(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*|'(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"|`(?:\\.|[^`\\])*`/g, (match) =>
    match.startsWith('/') ? match.replace(/[^\n]/g, ' ') : match[0] + match.slice(1, -1).replace(/[^\n]/g, ' ') + match[match.length - 1],
  );
}

/** Whether `text` ends inside a comment or a string (what a small lexer finds; regular expressions are read as code). */
export function endsInCommentOrString(text: string): boolean {
  let state: 'code' | 'line' | 'block' | "'" | '"' | '`' = 'code';
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    const next = text[index + 1];
    if (state === 'code') {
      if (char === '/' && next === '/') state = 'line';
      else if (char === '/' && next === '*') {
        state = 'block';
        index++;
      } else if (char === "'" || char === '"' || char === '`') state = char;
    } else if (state === 'line') {
      if (char === '\n') state = 'code';
    } else if (state === 'block') {
      if (char === '*' && next === '/') {
        state = 'code';
        index++;
      }
    } else if (char === '\\') index++;
    else if (char === state) state = 'code';
    else if (char === '\n' && state !== '`') state = 'code';
  }
  return state !== 'code';
}

/**
 * The names a helper.js exports: `export function x`, `export async function x`, `export class X`,
 * `export const y` (also destructured), `export { a, b as c }`. The default export is not a name.
 */
export function helperExports(source: string): HelperExport[] {
  const code = blankCommentsAndStrings(source);
  const found = new Map<string, HelperExport>();
  const add = (name: string, kind: HelperExport['kind']) => {
    if (IDENTIFIER.test(name) && name !== 'default' && !found.has(name)) found.set(name, { name, kind });
  };
  for (const match of code.matchAll(/\bexport\s+(?:async\s+)?function\s*\*?\s*([A-Za-z_$][\w$]*)/g)) add(match[1] ?? '', 'function');
  for (const match of code.matchAll(/\bexport\s+class\s+([A-Za-z_$][\w$]*)/g)) add(match[1] ?? '', 'class');
  for (const match of code.matchAll(/\bexport\s+(?:const|let|var)\s+([A-Za-z_$][\w$]*|\{[^}]*\}|\[[^\]]*\])/g)) {
    const target = match[1] ?? '';
    if (target.startsWith('{') || target.startsWith('[')) {
      for (const part of target.slice(1, -1).split(',')) {
        // `{ a, b: c, d = 1, ...e }`: the local names c, a, d, e.
        const local = part.split(':').pop()?.split('=')[0]?.replace('...', '').trim() ?? '';
        add(local, 'variable');
      }
    } else {
      const isFunction = new RegExp(`\\b${target.replace('$', '\\$')}\\s*=\\s*(?:async\\s+)?(?:function\\b|\\([^)]*\\)\\s*=>|[A-Za-z_$][\\w$]*\\s*=>)`).test(code);
      add(target, isFunction ? 'function' : 'variable');
    }
  }
  for (const match of code.matchAll(/\bexport\s*\{([^}]*)\}/g)) {
    for (const part of (match[1] ?? '').split(',')) {
      const [local = '', exported] = part.trim().split(/\s+as\s+/);
      add((exported ?? local).trim(), 'variable');
    }
  }
  return [...found.values()];
}

/**
 * The name of the default export's parameter when it is a plain identifier
 * (`export default function (documento)`, `export default (x) =>`, `export default async x =>`);
 * null when it is destructured or there is none.
 */
export function ruleParameter(source: string): string | null {
  const code = blankCommentsAndStrings(source);
  const match =
    /\bexport\s+default\s+(?:async\s+)?function\s*\*?\s*[\w$]*\s*\(\s*([A-Za-z_$][\w$]*)\s*[,)=]/.exec(code) ??
    /\bexport\s+default\s+(?:async\s+)?\(\s*([A-Za-z_$][\w$]*)\s*[,)=]/.exec(code) ??
    /\bexport\s+default\s+(?:async\s+)?([A-Za-z_$][\w$]*)\s*=>/.exec(code);
  return match?.[1] ?? null;
}

type Language = 'it' | 'en';

function fieldCompletion(field: ContractField, language: Language, boost = 2): Completion {
  return {
    label: field.name,
    type: 'property',
    detail: `${field.optional ? '?' : ''}: ${field.type}`,
    info: (language === 'en' ? field.doc.en : field.doc.it) || undefined,
    boost,
  };
}

/** The members of `type` once indexed (`[0]`) when `index`, else its own (an interface's fields). */
function membersOf(type: ContractType): ContractInterface | null {
  return type.kind === 'interface' ? type.value : null;
}

/** A member chain before the cursor: `a.b[0]?.c.` → segments ['a', 'b', '[]', 'c'], then the word being typed. */
function memberChain(before: string): { segments: string[]; word: string } | null {
  const match = /((?:[A-Za-z_$][\w$]*)(?:\s*(?:\?\.|\.)\s*[A-Za-z_$][\w$]*|\s*(?:\?\.)?\s*\[[^[\]]*\])*)\s*(?:\?\.|\.)\s*([A-Za-z_$][\w$]*)?$/.exec(before);
  if (!match) return null;
  const segments = (match[1] ?? '').match(/[A-Za-z_$][\w$]*|\[[^[\]]*\]/g) ?? [];
  return { segments: segments.map((segment) => (segment.startsWith('[') ? '[]' : segment)), word: match[2] ?? '' };
}

function follow(root: ContractInterface, segments: readonly string[], parameter: string | null): ContractType {
  const [first, ...rest] = segments;
  let type: ContractType;
  if (first !== undefined && first === parameter) type = { kind: 'interface', value: root };
  else {
    const field = root.fields.find((each) => each.name === first);
    if (!field) return { kind: 'other' };
    type = resolveType(field.type);
  }
  for (const segment of rest) {
    if (segment === '[]') {
      type = type.kind === 'array' ? type.element : { kind: 'other' };
      continue;
    }
    const object = membersOf(type);
    const field = object?.fields.find((each) => each.name === segment);
    if (!field) return { kind: 'other' };
    type = resolveType(field.type);
  }
  return type;
}

/** Whether `pos` is inside the braces of an `import { … } from './helper.js'` being written. */
function insideImportBraces(before: string): boolean {
  return /\bimport\s*\{[^}]*$/.test(before);
}

/** Whether the cursor is in the object literal a `return` gives back. */
function insideReturnedObject(before: string): boolean {
  return /\breturn\s*\(?\s*\{[^{}]*$/.test(before);
}

/**
 * Inserts `name` and, unless `module` (helper.js or "istruttoria") is already imported with it,
 * its import: added to an existing `import { … } from` the module, through an `import * as ns`
 * namespace, or as a new first line.
 */
export function importChanges(doc: string, module: string, name: string, from: number, to: number): { from: number; to?: number; insert: string }[] {
  const specifier = MODULE_PATTERNS[module] ?? module;
  const named = new RegExp(`\\bimport\\s*\\{([^}]*)\\}\\s*from\\s*(['"])${specifier}\\2`).exec(doc);
  if (named) {
    const names = (named[1] ?? '').split(',').map((part) => part.trim().split(/\s+as\s+/).pop()?.trim());
    if (names.includes(name)) return [{ from, to, insert: name }];
    const close = named.index + named[0].indexOf('}');
    const inside = (named[1] ?? '').trim();
    const insertion = inside === '' ? ` ${name} ` : inside.endsWith(',') ? ` ${name} ` : `, ${name}${/\s$/.test(named[1] ?? '') ? '' : ' '}`;
    // Insert before the spaces that precede the closing brace: `{ a }` → `{ a, b }`.
    const trailing = /\s*$/.exec(named[1] ?? '')?.[0].length ?? 0;
    return [
      { from: close - trailing, insert: insertion.replace(/\s$/, '') },
      { from, to, insert: name },
    ];
  }
  const namespace = new RegExp(`\\bimport\\s*\\*\\s*as\\s+([A-Za-z_$][\\w$]*)\\s+from\\s*(['"])${specifier}\\2`).exec(doc);
  if (namespace) return [{ from, to, insert: `${namespace[1]}.${name}` }];
  return [
    { from: 0, insert: `import { ${name} } from '${module}';\n` },
    { from, to, insert: name },
  ];
}

/** The module whose `import { … }` braces the cursor is in, when its `from` is already written after it. */
function importedModuleAfter(after: string): string | null {
  const match = /^[^}]*\}\s*from\s*(['"])([^'"]+)\1/.exec(after);
  if (!match) return null;
  const spec = match[2] ?? '';
  return new RegExp(`^${MODULE_PATTERNS[HELPER_MODULE]}$`).test(spec) ? HELPER_MODULE : spec === STD_MODULE ? STD_MODULE : null;
}

/** The module an `import * as <name>` namespace of the document is, if any. */
function namespaceModule(doc: string, name: string): string | null {
  for (const module of [HELPER_MODULE, STD_MODULE]) {
    const pattern = new RegExp(`\\bimport\\s*\\*\\s*as\\s+${name.replace('$', '\\$')}\\s+from\\s*(['"])${MODULE_PATTERNS[module]}\\1`);
    if (pattern.test(doc)) return module;
  }
  return null;
}

/** The functions of the module "istruttoria", documented by the contract. */
const STD_FUNCTIONS: readonly ContractField[] = CONTRACT.get('IstruttoriaModule')?.fields ?? [];

/** A completion of a function of "istruttoria" (its signature as detail, its documentation as info). */
function stdCompletion(field: ContractField, language: Language, boost: number): Completion {
  return { label: field.name, type: 'function', detail: `${STD_MODULE}: ${field.type}`, info: (language === 'en' ? field.doc.en : field.doc.it) || undefined, boost };
}

/** A completion that also writes the import of `module` when the name is picked. */
function withImport(completion: Completion, module: string): Completion {
  return {
    ...completion,
    apply: (view: EditorView, _completion: Completion, applyFrom: number, applyTo: number) => {
      const changes = importChanges(view.state.doc.toString(), module, String(completion.label), applyFrom, applyTo);
      const main = changes[changes.length - 1];
      const shift = changes.length > 1 && (changes[0]?.from ?? 0) <= applyFrom ? (changes[0]?.insert.length ?? 0) : 0;
      view.dispatch({ changes, selection: { anchor: applyFrom + shift + (main?.insert.length ?? 0) }, userEvent: 'input.complete' });
    },
  };
}

export interface RuleCompletionOptions {
  kind: RuleKind;
  /** The current helper.js (read when completing). */
  helper: () => string;
  language: () => Language;
}

/**
 * The completion source of a rule's code: contract fields (plain words, member chains that start
 * at the rule's parameter or at one of its destructured fields, the returned object), the names
 * helper.js exports and the functions of "istruttoria" (with their import).
 */
export function ruleCompletionSource({ kind, helper, language }: RuleCompletionOptions): CompletionSource {
  const roots = CONTRACT_ROOTS[kind];
  return (context: CompletionContext): CompletionResult | null => {
    const input = CONTRACT.get(roots.input);
    const result = CONTRACT.get(roots.result);
    if (!input || !result) return null;
    const lang = language();
    const doc = context.state.doc.toString();
    const before = doc.slice(Math.max(0, context.pos - 400), context.pos);
    if (endsInCommentOrString(doc.slice(0, context.pos))) return null;
    const code = blankCommentsAndStrings(before);

    const chain = memberChain(code);
    if (chain) {
      const { segments, word } = chain;
      const from = context.pos - word.length;
      if (segments.length === 1) {
        // `h.` of `import * as h from './helper.js'` or of `import * as h from 'istruttoria'`.
        const module = namespaceModule(doc, segments[0] ?? '');
        if (module === HELPER_MODULE) {
          return { from, options: helperExports(helper()).map((each) => ({ label: each.name, type: each.kind, detail: 'helper.js', boost: 3 })), validFor: /^[\w$]*$/ };
        }
        if (module === STD_MODULE) return { from, options: STD_FUNCTIONS.map((field) => stdCompletion(field, lang, 3)), validFor: /^[\w$]*$/ };
      }
      const target = membersOf(follow(input, segments, ruleParameter(doc)));
      if (!target) return null;
      return { from, options: target.fields.map((field) => fieldCompletion(field, lang)), validFor: /^[\w$]*$/ };
    }

    const word = context.matchBefore(/[A-Za-z_$][\w$]*/);
    if (!word && !context.explicit) return null;
    const from = word ? word.from : context.pos;
    if (/\.\s*$/.test(code.slice(0, code.length - (word ? word.text.length : 0)))) return null;

    const exports = helperExports(helper());
    const helperOptions = (boost: number) => exports.map((each): Completion => ({ label: each.name, type: each.kind, detail: 'helper.js', boost }));
    if (insideImportBraces(code)) {
      const module = importedModuleAfter(doc.slice(context.pos));
      const options = [
        ...(module !== STD_MODULE ? helperOptions(3) : []),
        ...(module !== HELPER_MODULE ? STD_FUNCTIONS.map((field) => stdCompletion(field, lang, 3)) : []),
      ];
      return { from, options, validFor: /^[\w$]*$/ };
    }
    const options: Completion[] = insideReturnedObject(code) ? result.fields.map((field) => fieldCompletion(field, lang, 3)) : [];
    options.push(...input.fields.map((field) => fieldCompletion(field, lang)));
    options.push(...helperOptions(1).map((each) => withImport(each, HELPER_MODULE)));
    options.push(...STD_FUNCTIONS.map((field) => withImport(stdCompletion(field, lang, 1), STD_MODULE)));
    return { from, options, validFor: /^[\w$]*$/ };
  };
}
