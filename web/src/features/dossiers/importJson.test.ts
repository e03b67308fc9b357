import { describe, expect, it } from 'vitest';
import { checkInput, DEFAULT_INPUT, findJsonSyntaxError, lineColumn } from './importJson';

describe('import input', () => {
  it('defaults to the 9 items of the input template (docs/domain.md#constants)', () => {
    const items = JSON.parse(DEFAULT_INPUT) as unknown[];
    expect(items).toHaveLength(9);
    expect(items).toEqual([24, 36, 48, 60, 72, 84, 96, 108, 120].map((durata) => ({ data_decorrenza_finanziamento: '', durata_finanziamento: durata, tipo_pratica: '' })));
    expect(checkInput(DEFAULT_INPUT)).toEqual({ ok: true, items: 9 });
  });

  it('finds the line and column of the first syntax error', () => {
    expect(findJsonSyntaxError('[\n  {"a": 1,}\n]')).toEqual({ code: 'unexpectedChar', char: '}', offset: 12, line: 2, column: 11 });
    expect(findJsonSyntaxError('[1, 2')).toMatchObject({ code: 'unexpectedEnd', line: 1, column: 6 });
    expect(findJsonSyntaxError('[1]\n\n  x')).toMatchObject({ code: 'trailing', char: 'x', line: 3, column: 3 });
    expect(findJsonSyntaxError('{"a": tru}')).toMatchObject({ code: 'unexpectedChar', char: '}', line: 1, column: 10 });
    expect(findJsonSyntaxError('[01]')).toMatchObject({ code: 'unexpectedChar', char: '1', column: 3 });
    expect(findJsonSyntaxError('[1.]')).toMatchObject({ code: 'badNumber', column: 4 });
    expect(findJsonSyntaxError('["a\\q"]')).toMatchObject({ code: 'badEscape', char: '\\q', column: 4 });
    expect(findJsonSyntaxError('["a\tb"]')).toMatchObject({ code: 'controlChar', column: 4 });
    expect(findJsonSyntaxError('  ')).toMatchObject({ code: 'empty', line: 1, column: 1 });
    expect(findJsonSyntaxError("{'a': 1}")).toMatchObject({ code: 'unexpectedChar', char: "'", column: 2 });
  });

  it('agrees with JSON.parse on what is JSON', () => {
    const samples = [
      '[]', '{}', '[{}]', '[[[]]]', '{"a":{"b":[1,2,{"c":null}]}}', ' \n\t\r[true,false,null] ', '"x"', '0', '-0.5e+10', '1E5',
      '"\\u00e8\\n\\"\\/"', '[1,]', '[,1]', '{"a"}', '{"a":}', '{a:1}', '{"a":1,,"b":2}', '[1 2]', '-', '1.', '.5', '+1', '01',
      '"\\u12"', '"\\uZZZZ"', 'nul', 'True', '[', ']', '{', '}', '[1]]', '{"a":1}}', '\uFEFF[]', '[1e]', '[1e+]', '"abc', '"\u0001"',
      '[' + '['.repeat(5000) + ']'.repeat(5000) + ']',
    ];
    for (const text of samples) {
      let parses = true;
      try {
        JSON.parse(text);
      } catch {
        parses = false;
      }
      expect(findJsonSyntaxError(text) === null, text.slice(0, 40)).toBe(parses);
    }
  });

  it('tells a list from other JSON', () => {
    expect(checkInput('{"a": 1}')).toEqual({ ok: false, notList: true });
    expect(checkInput('[1,')).toMatchObject({ ok: false, error: { code: 'unexpectedEnd' } });
    expect(checkInput('[]')).toEqual({ ok: true, items: 0 });
  });

  it('counts lines and columns from 1', () => {
    expect(lineColumn('ab\ncd', 0)).toEqual({ line: 1, column: 1 });
    expect(lineColumn('ab\ncd', 4)).toEqual({ line: 2, column: 2 });
    expect(lineColumn('ab\r\ncd', 5)).toEqual({ line: 2, column: 2 });
  });
});
