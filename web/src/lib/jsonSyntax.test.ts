import { describe, expect, it } from 'vitest';
import { createI18n } from './i18n';
import { describeJsonError, findJsonSyntaxError } from './jsonSyntax';

describe('JSON syntax errors', () => {
  it("are said from the app's own texts, in Italian and in English", async () => {
    const i18n = createI18n();
    const error = findJsonSyntaxError('[1, 2,]');
    expect(error).toMatchObject({ code: 'unexpectedChar', char: ']', line: 1, column: 7 });
    if (error === null) return;
    expect(describeJsonError(i18n.t, error)).toBe('Riga 1, colonna 7: carattere inatteso «]»');
    await i18n.changeLanguage('en');
    expect(describeJsonError(i18n.t, error)).toBe('Line 1, column 7: unexpected character “]”');
    const empty = findJsonSyntaxError('  ');
    expect(empty && describeJsonError(i18n.t, empty)).toBe('Line 1, column 1: the text is empty');
  });
});
