import { Text } from '@codemirror/state';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHECK_DELAY_MS, checkLintSource, createCodeChecker, diagnosticOf, fileOf, type CodeCheck } from './codeCheck';

const OK: CodeCheck = { ok: true };
const broken = (file: string, line: number, column: number): CodeCheck => ({ ok: false, file, line, column, message: 'Unexpected token' });

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the syntax check as you type', () => {
  it(`asks the server once typing has stopped for ${CHECK_DELAY_MS} ms, with the latest text; earlier requests are superseded`, async () => {
    const check = vi.fn(async (_code: string, _helper: string) => OK);
    const checker = createCodeChecker(check);
    const first = checker.request('a', 'h');
    await vi.advanceTimersByTimeAsync(500);
    const second = checker.request('ab', 'h');
    await vi.advanceTimersByTimeAsync(500);
    const third = checker.request('abc', 'h');
    expect(await first).toEqual({ status: 'superseded' });
    expect(await second).toEqual({ status: 'superseded' });
    expect(check).not.toHaveBeenCalled();
    expect(checker.status()).toEqual({ state: 'checking' });

    await vi.advanceTimersByTimeAsync(CHECK_DELAY_MS - 1);
    expect(check).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(check).toHaveBeenCalledTimes(1);
    expect(check).toHaveBeenCalledWith('abc', 'h');
    expect(await third).toEqual({ status: 'done', result: OK });
    expect(checker.status()).toEqual({ state: 'done', result: OK });
  });

  it('drops an answer that arrives after a newer request was made (the latest request wins)', async () => {
    const answers: ((result: CodeCheck) => void)[] = [];
    const check = vi.fn(() => new Promise<CodeCheck>((resolve) => answers.push(resolve)));
    const checker = createCodeChecker(check);
    const older = checker.request('x = ;', '');
    await vi.advanceTimersByTimeAsync(CHECK_DELAY_MS);
    expect(check).toHaveBeenCalledTimes(1);
    const newer = checker.request('x = 1;', '');
    await vi.advanceTimersByTimeAsync(CHECK_DELAY_MS);
    expect(check).toHaveBeenCalledTimes(2);
    answers[1]?.(OK);
    answers[0]?.(broken('rule.js', 1, 5));
    expect(await newer).toEqual({ status: 'done', result: OK });
    expect(await older).toEqual({ status: 'superseded' });
    expect(checker.status()).toEqual({ state: 'done', result: OK });
  });

  it('answers at once from its cache, and says when the server cannot check', async () => {
    const check = vi.fn(async (code: string) => (code === 'bad' ? Promise.reject(new Error('down')) : OK));
    const checker = createCodeChecker(check);
    const first = checker.request('good', '');
    await vi.advanceTimersByTimeAsync(CHECK_DELAY_MS);
    await first;
    expect(await checker.request('good', '')).toEqual({ status: 'done', result: OK });
    expect(check).toHaveBeenCalledTimes(1);
    const failing = checker.request('bad', '');
    await vi.advanceTimersByTimeAsync(CHECK_DELAY_MS);
    expect((await failing).status).toBe('failed');
    expect(checker.status()).toEqual({ state: 'unavailable', noWorker: false });
  });

  it('tells its listeners and stops when disposed', async () => {
    const check = vi.fn(async () => OK);
    const checker = createCodeChecker(check);
    const listener = vi.fn();
    checker.subscribe(listener);
    const pending = checker.request('a', '');
    expect(listener).toHaveBeenCalledTimes(1);
    checker.dispose();
    expect(await pending).toEqual({ status: 'superseded' });
    await vi.advanceTimersByTimeAsync(CHECK_DELAY_MS * 2);
    expect(check).not.toHaveBeenCalled();
  });
});

describe('the diagnostics of the check', () => {
  const view = (text: string) => ({ state: { doc: Text.of(text.split('\n')) } }) as never;

  it('puts the server error at its line and column, on the word there', () => {
    const doc = Text.of(['export default function () {', '  const x = ;', '}']);
    const diagnostic = diagnosticOf(doc, 2, 13, 'Unexpected token');
    expect(doc.sliceString(diagnostic.from, diagnostic.to)).toBe(';');
    expect(diagnostic.severity).toBe('error');
    const word = diagnosticOf(doc, 2, 9, 'x');
    expect(doc.sliceString(word.from, word.to)).toBe('x');
    // No column: the whole line; a line out of range: the last one.
    const line = diagnosticOf(doc, 9, null, 'm');
    expect(doc.sliceString(line.from, line.to)).toBe('}');
  });

  it("shows an error in the editor of the file it names, checked with the other file's text", async () => {
    const check = vi.fn(async (code: string, helper: string) => (helper.includes('broken') ? broken('helper.js', 1, 3) : code.includes('=;') ? broken('index.js', 1, 9) : OK));
    const checker = createCodeChecker(check, 0);
    const ruleLint = checkLintSource(checker, 'rule.js', () => 'export const ok = 1;');
    const helperLint = checkLintSource(checker, 'helper.js', () => 'const y =;');

    const ruleDiagnostics = ruleLint(view('const y =;'));
    await vi.advanceTimersByTimeAsync(0);
    expect(await ruleDiagnostics).toMatchObject([{ from: 8, to: 9, message: 'Unexpected token' }]);
    expect(check).toHaveBeenLastCalledWith('const y =;', 'export const ok = 1;');

    // The helper's editor: the rule's error is not its own.
    const helperDiagnostics = helperLint(view('export const ok = 1;'));
    await vi.advanceTimersByTimeAsync(0);
    expect(await helperDiagnostics).toEqual([]);
    const brokenHelper = helperLint(view('broken'));
    await vi.advanceTimersByTimeAsync(0);
    expect(await brokenHelper).toMatchObject([{ from: 2, message: 'Unexpected token' }]);
  });

  it('names the files as the server does', () => {
    expect(fileOf('helper.js')).toBe('helper.js');
    expect(fileOf('index.js')).toBe('rule.js');
    expect(fileOf('rule.js')).toBe('rule.js');
    expect(fileOf(null)).toBe('rule.js');
  });
});
