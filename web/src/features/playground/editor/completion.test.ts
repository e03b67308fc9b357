import { CompletionContext, type Completion, type CompletionResult } from '@codemirror/autocomplete';
import { javascript } from '@codemirror/lang-javascript';
import { EditorState } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import { endsInCommentOrString, helperExports, importChanges, ruleCompletionSource, ruleParameter } from './completion';
import { CONTRACT, CONTRACT_ROOTS, parseContract, type RuleKind } from './contract';
import contractSource from './rule-contract.d.ts?raw';

/** The completions offered at the `|` of `text`. */
function complete(kind: RuleKind, text: string, helper = '', language: 'it' | 'en' = 'it'): Completion[] {
  const pos = text.indexOf('|');
  const doc = text.slice(0, pos) + text.slice(pos + 1);
  const state = EditorState.create({ doc, extensions: [javascript()] });
  const source = ruleCompletionSource({ kind, helper: () => helper, language: () => language });
  const result = source(new CompletionContext(state, pos, true)) as CompletionResult | null;
  return result ? [...result.options] : [];
}
const labels = (options: Completion[]) => options.map((option) => option.label);

/** Every interface's members, read from the declaration independently of the parser. */
function declaredFields(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const match of contractSource.matchAll(/export interface (\w+) \{([\s\S]*?)\n\}/g)) {
    const body = (match[2] ?? '').replace(/\/\*\*[\s\S]*?\*\//g, '');
    found.set(match[1] ?? '', [...body.matchAll(/^\s+(\w+)\??:/gm)].map((field) => field[1] ?? ''));
  }
  return found;
}

describe('the rule contract', () => {
  it('is parsed whole: every interface and field, each field with its Italian and English documentation', () => {
    const declared = declaredFields();
    expect(declared.size).toBeGreaterThanOrEqual(6);
    for (const [name, fields] of declared) {
      const parsed = CONTRACT.get(name);
      expect(parsed, name).toBeDefined();
      expect(parsed?.fields.map((field) => field.name)).toEqual(fields);
      for (const field of parsed?.fields ?? []) {
        expect(field.doc.it, `${name}.${field.name}`).not.toBe('');
        expect(field.doc.en, `${name}.${field.name}`).not.toBe('');
      }
    }
    expect(CONTRACT.get('DocumentRuleResult')?.fields.find((field) => field.name === 'metas')?.optional).toBe(true);
    expect(CONTRACT.get('DocumentRuleInput')?.fields.find((field) => field.name === 'rawTextWithGeometry')?.type).toBe('Word[]');
  });

  it('parses members without semicolons and skips index signatures', () => {
    const parsed = parseContract('export interface A {\n  /** x @en y */\n  a: string\n  [key: string]: unknown;\n  b?: { c: number }\n}\n');
    expect(parsed.get('A')?.fields.map((field) => [field.name, field.type, field.optional])).toEqual([
      ['a', 'string', false],
      ['b', '{ c: number }', true],
    ]);
  });
});

describe('completion of a rule', () => {
  it('offers every field of the declaration somewhere: input, nested shapes, result', () => {
    const offered = new Set<string>();
    const add = (options: Completion[]) => labels(options).forEach((label) => offered.add(label));
    // Document rule: the input as plain words (destructuring), words and tables by index, the result.
    const document = complete('document', 'export default function ({ | }) {}');
    expect(labels(document)).toEqual(expect.arrayContaining(['rawText', 'tables', 'rawTextWithGeometry', 'dataTables', 'formData']));
    add(document);
    add(complete('document', 'export default function ({ rawTextWithGeometry }) {\n  rawTextWithGeometry[0].|\n}'));
    add(complete('document', 'export default function ({ tables }) {\n  tables[1]?.|\n}'));
    add(complete('document', 'export default function () {\n  return { |'));
    // Dossier rule.
    const dossier = complete('dossier', 'export default function ({ | }) {}');
    expect(labels(dossier)).toEqual(expect.arrayContaining(['metas', 'input']));
    add(dossier);
    add(complete('dossier', 'export default function () {\n  return { |'));

    const everyField = [...CONTRACT.values()].flatMap((entry) => entry.fields.map((field) => field.name));
    expect(everyField.length).toBeGreaterThan(15);
    for (const field of everyField) expect(offered, `field ${field}`).toContain(field);
  });

  it('follows the rule parameter and nested members, with type and documentation', () => {
    const options = complete('document', 'export default function (documento) {\n  return documento.|');
    expect(labels(options)).toEqual(CONTRACT.get(CONTRACT_ROOTS.document.input)?.fields.map((field) => field.name));
    const rawText = options.find((option) => option.label === 'rawText');
    expect(rawText?.detail).toBe(': string');
    expect(String(rawText?.info)).toContain('testo estratto');
    expect(String(complete('document', 'export default (d) => d.|', '', 'en').find((option) => option.label === 'rawText')?.info)).toContain('text extracted');
    expect(labels(complete('document', 'export default async (doc) => doc.rawTextWithGeometry[2].t|'))).toEqual(['page', 'text', 'x0', 'y0', 'x1', 'y1']);
    // A dossier rule's `input` is the item: nothing known about it.
    expect(complete('dossier', 'export default function ({ metas, input }) {\n  input.|')).toEqual([]);
    // Unknown objects, comments and strings: nothing.
    expect(complete('document', 'const x = {};\nx.|')).toEqual([]);
    expect(complete('document', '// raw|')).toEqual([]);
    expect(complete('document', 'const s = "raw|')).toEqual([]);
  });

  it('offers the names helper.js exports, inserting their import', () => {
    const helper = 'export function importo(text) {}\nexport const SOGLIA = 10;\nconst a = 1, b = 2;\nexport { a, b as bi };';
    const options = complete('document', 'export default function ({ rawText }) {\n  return imp|', helper);
    expect(labels(options)).toEqual(expect.arrayContaining(['importo', 'SOGLIA', 'a', 'bi']));
    expect(options.find((option) => option.label === 'importo')).toMatchObject({ type: 'function', detail: 'helper.js' });
    // Inside the import's braces: the plain names.
    expect(labels(complete('document', "import { | } from './helper.js';", helper))).toEqual(['importo', 'SOGLIA', 'a', 'bi']);
    // Through a namespace import.
    expect(labels(complete('document', "import * as h from './helper.js';\nh.|", helper))).toEqual(['importo', 'SOGLIA', 'a', 'bi']);
  });

  it('offers the functions of "istruttoria" with their signature and documentation, inserting their import', () => {
    const functions = CONTRACT.get('IstruttoriaModule')?.fields.map((field) => field.name) ?? [];
    expect(functions).toEqual(['numero', 'importo', 'percentuale', 'data', 'codiceFiscaleValido', 'ibanValido', 'normalizza', 'contiene', 'numeroCella', 'numeriColonna']);
    const numero = complete('document', 'export default function ({ rawText }) {\n  return num|').find((option) => option.label === 'numero');
    expect(numero).toMatchObject({ type: 'function', detail: 'istruttoria: (testo: unknown) => number | null' });
    expect(String(numero?.info)).toContain('1.234,56');
    expect(String(complete('document', 'export default () => num|', '', 'en').find((option) => option.label === 'numero')?.info)).toContain('Italian way');
    // In the braces of an import from "istruttoria": its functions only; from helper.js: the helper's only.
    const helper = 'export const soglia = 1;';
    expect(labels(complete('document', "import { | } from 'istruttoria';", helper))).toEqual(functions);
    expect(labels(complete('document', "import { | } from './helper.js';", helper))).toEqual(['soglia']);
    expect(labels(complete('document', 'import { |', helper))).toEqual(['soglia', ...functions]);
    // Through a namespace import.
    expect(labels(complete('document', "import * as ist from \"istruttoria\";\nist.|"))).toEqual(functions);
  });
});

describe('helper.js exports', () => {
  it('reads every form of export, not the default one nor commented ones', () => {
    const source = [
      'export function a() {}',
      'export async function b() {}',
      'export function* c() {}',
      'export const d = () => 1, ignored = 2;',
      'export let e = 3;',
      'export class F {}',
      'export const { g, h: i } = {};',
      'const j = 1, k = 2;',
      'export { j, k as l, j as default };',
      '// export function commented() {}',
      'const text = "export function inString() {}";',
      'export default function main() {}',
    ].join('\n');
    expect(helperExports(source)).toEqual([
      { name: 'a', kind: 'function' },
      { name: 'b', kind: 'function' },
      { name: 'c', kind: 'function' },
      { name: 'F', kind: 'class' },
      { name: 'd', kind: 'function' },
      { name: 'e', kind: 'variable' },
      { name: 'g', kind: 'variable' },
      { name: 'i', kind: 'variable' },
      { name: 'j', kind: 'variable' },
      { name: 'l', kind: 'variable' },
    ]);
  });

  it('inserts the import: a new line, added to an existing one, through a namespace, or not at all', () => {
    const apply = (doc: string, name: string, module = './helper.js') => {
      const at = doc.indexOf('|');
      const text = doc.replace('|', '');
      const changes = importChanges(text, module, name, at, at);
      return EditorState.create({ doc: text }).update({ changes }).state.doc.toString();
    };
    expect(apply('export default () => |', 'x')).toBe("import { x } from './helper.js';\nexport default () => x");
    expect(apply("import { a } from './helper.js';\nexport default () => |", 'x')).toBe("import { a, x } from './helper.js';\nexport default () => x");
    expect(apply("import { a } from './helper.js';\nexport default () => |", 'a')).toBe("import { a } from './helper.js';\nexport default () => a");
    expect(apply("import * as h from \"./helper\";\nexport default () => |", 'x')).toBe('import * as h from "./helper";\nexport default () => h.x');
    // The same for the module "istruttoria", beside an import of the helper.
    expect(apply("import { a } from './helper.js';\nexport default () => |", 'numero', 'istruttoria')).toBe(
      "import { numero } from 'istruttoria';\nimport { a } from './helper.js';\nexport default () => numero",
    );
    expect(apply("import { data } from 'istruttoria';\nexport default () => |", 'numero', 'istruttoria')).toBe("import { data, numero } from 'istruttoria';\nexport default () => numero");
    expect(apply("import * as ist from 'istruttoria';\nexport default () => |", 'numero', 'istruttoria')).toBe("import * as ist from 'istruttoria';\nexport default () => ist.numero");
  });
});

describe('helpers', () => {
  it('finds the rule parameter', () => {
    expect(ruleParameter('export default function (documento) {}')).toBe('documento');
    expect(ruleParameter('export default async function rule(d = {}) {}')).toBe('d');
    expect(ruleParameter('export default (x) => x')).toBe('x');
    expect(ruleParameter('export default async x => x')).toBe('x');
    expect(ruleParameter('export default function ({ rawText }) {}')).toBeNull();
  });

  it('knows when the cursor is in a comment or a string', () => {
    expect(endsInCommentOrString('a // b')).toBe(true);
    expect(endsInCommentOrString('a /* b */ c')).toBe(false);
    expect(endsInCommentOrString('a /* b')).toBe(true);
    expect(endsInCommentOrString("x = 'a\\'b")).toBe(true);
    expect(endsInCommentOrString("x = 'ab'; y")).toBe(false);
    expect(endsInCommentOrString('x = `a\nb')).toBe(true);
  });
});
