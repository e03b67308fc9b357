import { describe, expect, it } from 'vitest';
import { initialState, presetOf, presetRange, readState, tableQuery, toTableInput, writeState, type TableState } from './tableState';

const initial = initialState({ column: 'createdAt', descending: true });

describe('table state in the address', () => {
  it('leaves the address clean for an untouched table', () => {
    expect(writeState(new URLSearchParams('tab=generale'), 'dossiers', initial, initial).toString()).toBe('tab=generale');
  });

  it('round-trips page, size, sort and filters, keeping other parameters', () => {
    const state: TableState = {
      pageIndex: 2,
      pageSize: 30,
      sort: { column: 'state', descending: false },
      filters: { state: ['processed', 'cannot process'], description: ['mutuo'], createdAt: ['2026/11/01', '9999/99/99'] },
    };
    const params = writeState(new URLSearchParams('tab=documenti&other.page=4'), 'dossiers', state, initial);
    expect(params.get('tab')).toBe('documenti');
    expect(params.get('other.page')).toBe('4');
    expect(params.get('dossiers.page')).toBe('3');
    expect(readState(params, 'dossiers', initial)).toEqual(state);
    expect(readState(params, 'other', initial).pageIndex).toBe(3);
  });

  it('falls back to the defaults on malformed values', () => {
    const params = new URLSearchParams('t.page=-3&t.size=15&t.sort=nonsense');
    expect(readState(params, 't', initial)).toEqual(initial);
  });

  it('keeps only this table in what "remember filters" saves', () => {
    const params = new URLSearchParams('tab=x&t.page=2&t.f.state=processed&u.page=9');
    expect(tableQuery(params, 't')).toBe('t.page=2&t.f.state=processed');
  });
});

describe('TableInput', () => {
  it('sends the order, the page and only meaningful filters, each with its kind', () => {
    const state: TableState = {
      pageIndex: 1,
      pageSize: 20,
      sort: { column: 'createdAt', descending: true },
      filters: { description: ['  mutuo '], state: [], id: [''], createdAt: ['2026/11/01', '9999/99/99'], unknown: ['x'] },
    };
    expect(toTableInput(state, { description: 'text', state: 'select', id: 'text', createdAt: 'date' })).toEqual({
      pageSize: 20,
      pageIndex: 1,
      order: 'createdAt DESC',
      filters: [
        { column: 'description', type: 'text', value: ['mutuo'] },
        { column: 'createdAt', type: 'date', value: ['2026/11/01', '9999/99/99'] },
      ],
    });
  });
});

describe('date presets', () => {
  // Wednesday 23 September 2026, local time.
  const now = new Date(2026, 8, 23, 15, 30);
  it.each([
    ['today', '2026/09/23', '2026/09/23'],
    ['yesterday', '2026/09/22', '2026/09/22'],
    ['tomorrow', '2026/09/24', '2026/09/24'],
    ['week', '2026/09/21', '2026/09/27'],
    ['month', '2026/09/01', '2026/09/30'],
    ['lastMonth', '2026/08/01', '2026/08/31'],
    ['nextMonth', '2026/10/01', '2026/10/31'],
  ] as const)('%s is %s – %s', (preset, start, end) => {
    expect(presetRange(preset, now)).toEqual([start, end]);
  });

  it('crosses the year', () => {
    expect(presetRange('nextMonth', new Date(2026, 11, 31))).toEqual(['2027/01/01', '2027/01/31']);
    expect(presetRange('week', new Date(2027, 0, 1))).toEqual(['2026/12/28', '2027/01/03']);
  });

  it('names the preset a chosen range still is, and none for other dates (issue 30)', () => {
    const now = new Date(2026, 10, 27);
    expect(presetOf(presetRange('lastMonth', now), now)).toBe('lastMonth');
    expect(presetOf(presetRange('today', now), now)).toBe('today');
    expect(presetOf(['2026/11/02', '2026/11/05'], now)).toBeNull();
    expect(presetOf([], now)).toBeNull();
  });
});
