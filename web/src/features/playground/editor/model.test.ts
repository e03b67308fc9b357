import { describe, expect, it } from 'vitest';
import { GraphQLRequestError } from '../../../lib/graphql/client';
import { runErrorLocation, syntaxErrorOf } from './errors';
import { createI18n } from '../../../lib/i18n';
import { dirtyFields, editorReducer, EMPTY_VALUES, fieldErrorText, initialEditorState, listText, parseList, ruleChanges, tabsOf, validate, type RuleValues } from './model';

const loaded: RuleValues = {
  ...EMPTY_VALUES,
  description: 'Importo',
  code: 'export default () => ({ success: true });',
  helper: '// helper',
  packageJSON: '{"name":"rule"}',
  nota: '',
  documentType: 'CUD',
  dataTables: ['tassi', 'soglie'],
  istitutoAppartenenza: 'Banca',
  gruppo: ['a'],
  mustContain: listText(['IBAN']),
  notContain: listText([]),
};

const load = () => editorReducer(initialEditorState, { type: 'load', values: loaded });

describe('the tabs of each kind', () => {
  it('What if for both kinds, after Log; the lists only for dossier rules', () => {
    expect(tabsOf('document')).toEqual(['codice', 'helper', 'package', 'risultato', 'log', 'what-if', 'modifica', 'storia']);
    expect(tabsOf('dossier')).toEqual(['codice', 'helper', 'package', 'deve-contenere', 'non-deve-contenere', 'risultato', 'log', 'what-if', 'modifica', 'storia']);
  });
});

describe('dirty tracking and Reset', () => {
  it('marks edited fields dirty, not formatting of the lists nor the order of the data tables', () => {
    let state = load();
    expect(dirtyFields('document', state.base, state.draft)).toEqual([]);
    state = editorReducer(state, { type: 'edit', field: 'dataTables', value: ['soglie', 'tassi'] });
    state = editorReducer(state, { type: 'edit', field: 'mustContain', value: '["IBAN"]' });
    expect(dirtyFields('dossier', state.base, state.draft)).toEqual([]);
    state = editorReducer(state, { type: 'edit', field: 'code', value: 'export default () => ({ success: false });' });
    state = editorReducer(state, { type: 'edit', field: 'helper', value: '// helper 2' });
    state = editorReducer(state, { type: 'edit', field: 'mustContain', value: '["IBAN", "CF"]' });
    expect(dirtyFields('document', state.base, state.draft)).toEqual(['code', 'helper']);
    expect(dirtyFields('dossier', state.base, state.draft)).toEqual(['code', 'helper', 'mustContain']);

    state = editorReducer(state, { type: 'reset' });
    expect(state.draft).toEqual(loaded);
    expect(dirtyFields('dossier', state.base, state.draft)).toEqual([]);
  });

  it('keeps edits when the server is read again, and lets untouched fields follow it', () => {
    let state = load();
    state = editorReducer(state, { type: 'edit', field: 'code', value: 'edited' });
    state = editorReducer(state, { type: 'load', values: { ...loaded, code: 'server', nota: 'nuova nota' } });
    expect(state.draft.code).toBe('edited');
    expect(state.draft.nota).toBe('nuova nota');
    expect(state.base.code).toBe('server');
  });

  it('takes the saved values as the new base, and a restore replaces the edits', () => {
    let state = load();
    state = editorReducer(state, { type: 'edit', field: 'code', value: 'edited' });
    state = editorReducer(state, { type: 'edit', field: 'nota', value: 'nota' });
    state = editorReducer(state, { type: 'saved', values: { code: 'edited' } });
    expect(dirtyFields('document', state.base, state.draft)).toEqual(['nota']);
    state = editorReducer(state, { type: 'replace', values: { code: 'v1', nota: '' } });
    expect(state.draft.code).toBe('v1');
    expect(dirtyFields('document', state.base, state.draft)).toEqual([]);
  });
});

describe('Salva sends only what changed', () => {
  it('a document rule: the changed fields, trimmed names; helper.js is saved on its own', () => {
    const draft = { ...loaded, code: 'new code', description: '  Importo 2 ', helper: 'changed', dataTables: ['tassi'] };
    expect(ruleChanges('document', loaded, draft)).toEqual({ code: 'new code', description: 'Importo 2', dataTables: ['tassi'] });
    expect(ruleChanges('document', loaded, { ...loaded, helper: 'changed' })).toBeNull();
  });

  it('a dossier rule: the lists parsed', () => {
    const draft = { ...loaded, mustContain: '["IBAN", "CF"]', gruppo: ['a', 'b'], documentType: 'ignored for dossier rules' };
    expect(ruleChanges('dossier', loaded, draft)).toEqual({ mustContain: ['IBAN', 'CF'], gruppo: ['a', 'b'] });
  });
});

describe('validation before a save', () => {
  it('parses the lists as JSON lists of strings, with a clear reason', () => {
    expect(parseList('["a", "b"]')).toEqual({ ok: true, value: ['a', 'b'] });
    expect(parseList('')).toEqual({ ok: true, value: [] });
    expect(parseList('["a",')).toMatchObject({ ok: false, error: 'json' });
    expect(parseList('{"a": 1}')).toEqual({ ok: false, error: 'notList' });
    expect(parseList('[1, 2]')).toEqual({ ok: false, error: 'notList' });
  });

  it('requires Nome and the institute (dossier rules) or the type (document rules), and an object package.json', () => {
    expect(validate('dossier', loaded)).toEqual({});
    const errors = validate('dossier', { ...loaded, description: ' ', istitutoAppartenenza: '', mustContain: '[', notContain: '"x"', packageJSON: '[]' });
    expect(Object.keys(errors).sort()).toEqual(['description', 'istitutoAppartenenza', 'mustContain', 'notContain', 'packageJSON']);
    expect(errors.mustContain?.key).toBe('listJson');
    expect(errors.notContain?.key).toBe('notList');
    expect(validate('document', { ...loaded, documentType: '' })).toEqual({ documentType: { key: 'required' } });
  });

  it("says a list's JSON syntax error in the user's language, never the browser's English parser text", async () => {
    const i18n = createI18n();
    const errors = validate('dossier', { ...loaded, istitutoAppartenenza: 'Banca', mustContain: '["IBAN" "Codice fiscale"]', packageJSON: '{' });
    expect(fieldErrorText(i18n.t, errors.mustContain ?? { key: 'required' })).toBe('JSON non valido: Riga 1, colonna 9: carattere inatteso «"»');
    await i18n.changeLanguage('en');
    expect(fieldErrorText(i18n.t, errors.mustContain ?? { key: 'required' })).toBe('Invalid JSON: Line 1, column 9: unexpected character “"”');
    expect(errors.packageJSON).toMatchObject({ key: 'packageJson', syntax: { code: 'unexpectedEnd', line: 1, column: 2 } });
  });
});

describe('errors pointing at the code', () => {
  it("maps a save's syntax error to its file, line and column (extensions first, else the message)", () => {
    const fromExtensions = new GraphQLRequestError('Errore di sintassi alla riga 2, colonna 5: x', 200, 'BAD_USER_INPUT', { line: 2, column: 5, file: 'helper.js' });
    expect(syntaxErrorOf(fromExtensions)).toEqual({ file: 'helper.js', line: 2, column: 5, message: 'Errore di sintassi alla riga 2, colonna 5: x' });
    expect(syntaxErrorOf(new Error('Errore di sintassi alla riga 3, colonna 1 di helper.js: y'))).toMatchObject({ file: 'helper.js', line: 3, column: 1 });
    expect(syntaxErrorOf(new Error('Errore di sintassi alla riga 7, colonna 9: z'))).toMatchObject({ file: 'rule.js', line: 7, column: 9 });
    expect(syntaxErrorOf(new Error('Permesso negato'))).toBeNull();
  });

  it("finds the place in the server's Italian text while saying the error in English", async () => {
    await createI18n().changeLanguage('en');
    const refused = new GraphQLRequestError('Errore di sintassi alla riga 3, colonna 1 di helper.js: y', 200, 'BAD_USER_INPUT', {
      code: 'BAD_USER_INPUT',
      messageCode: 'RULE_SYNTAX_IN_FILE',
      params: { line: '3', column: '1', file: 'helper.js', detail: 'y' },
    });
    expect(syntaxErrorOf(refused)).toEqual({ file: 'helper.js', line: 3, column: 1, message: 'Syntax error at line 3, column 1 of helper.js: y' });
  });

  it("finds where a run's error points in its stack", () => {
    expect(runErrorLocation('ReferenceError: nope is not defined\n    at default (rule.js:4:10)\n    at run (istruttoria:harness:1:2)')).toEqual({
      file: 'rule.js',
      line: 4,
      column: 10,
      message: 'ReferenceError: nope is not defined',
    });
    expect(runErrorLocation('TypeError: x\n    at f (helper.js:2)')).toMatchObject({ file: 'helper.js', line: 2, column: null });
    expect(runErrorLocation('the result has no `success`')).toBeNull();
    expect(runErrorLocation(null)).toBeNull();
  });
});
