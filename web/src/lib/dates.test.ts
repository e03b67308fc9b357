import { describe, expect, it } from 'vitest';
import { addDays, DATE_FORMATS, dateFormatOf, formatTypedDate, isIsoDate, parseTypedDate, type DateFormat } from './dates';

const IT = DATE_FORMATS.it;

describe('typed dates', () => {
  it('are dd/mm/yyyy in Italian, and in English as every date of the app is shown', () => {
    expect(dateFormatOf('it')).toBe(DATE_FORMATS.it);
    expect(dateFormatOf('en')).toBe(DATE_FORMATS.en);
    expect(dateFormatOf('en-GB')).toBe(DATE_FORMATS.en);
    expect(dateFormatOf('fr')).toBe(DATE_FORMATS.it);
    expect(formatTypedDate('2026-11-05', DATE_FORMATS.it)).toBe('05/11/2026');
    expect(formatTypedDate('2026-11-05', DATE_FORMATS.en)).toBe('05/11/2026');
  });

  it('show nothing for no date or a value that is not one', () => {
    expect(formatTypedDate('', IT)).toBe('');
    expect(formatTypedDate('2026-02-30', IT)).toBe('');
    expect(formatTypedDate('05/11/2026', IT)).toBe('');
  });

  it('read what keyboards type: one or two digits, any separator, or the eight digits alone', () => {
    expect(parseTypedDate('05/11/2026', IT)).toBe('2026-11-05');
    expect(parseTypedDate(' 5/11/2026 ', IT)).toBe('2026-11-05');
    expect(parseTypedDate('5.11.2026', IT)).toBe('2026-11-05');
    expect(parseTypedDate('5-11-2026', IT)).toBe('2026-11-05');
    expect(parseTypedDate('5 11 2026', IT)).toBe('2026-11-05');
    expect(parseTypedDate('05112026', IT)).toBe('2026-11-05');
  });

  it('refuse what is not a whole date that exists', () => {
    for (const text of ['', '05/11', '05/11/26', '31/04/2026', '29/02/2026', '00/01/2026', '01/13/2026', '2026-11-05', 'ieri', '05/11/2026x', '123/1/2026']) {
      expect(parseTypedDate(text, IT), text).toBeNull();
    }
    expect(parseTypedDate('29/02/2028', IT)).toBe('2028-02-29');
  });

  it("follow the format's order (a month-first or year-first format reads its own way)", () => {
    const us: DateFormat = { order: ['month', 'day', 'year'], separator: '/' };
    const iso: DateFormat = { order: ['year', 'month', 'day'], separator: '-' };
    expect(parseTypedDate('11/05/2026', us)).toBe('2026-11-05');
    expect(parseTypedDate('11052026', us)).toBe('2026-11-05');
    expect(formatTypedDate('2026-11-05', us)).toBe('11/05/2026');
    expect(parseTypedDate('2026-11-05', iso)).toBe('2026-11-05');
    expect(formatTypedDate('2026-11-05', iso)).toBe('2026-11-05');
  });

  it('move by days across months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(isIsoDate('2026-02-28')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
  });
});
