import { describe, expect, it } from 'vitest';
import { parseJson, successOf } from './ruleResult';

describe("a rule's result", () => {
  it('reads success from an object or a bare boolean, and nothing from anything else', () => {
    expect(successOf(parseJson('{"success":true,"metas":{}}'))).toBe(true);
    expect(successOf(parseJson('{"success":false}'))).toBe(false);
    expect(successOf(parseJson('false'))).toBe(false);
    expect(successOf(parseJson('{"success":"yes"}'))).toBeNull();
    expect(successOf(parseJson('{"metas":{}}'))).toBeNull();
    expect(successOf(parseJson('not json'))).toBeNull();
    expect(successOf(parseJson(null))).toBeNull();
  });
});
