import { describe, expect, it } from 'vitest';
import {
  centavosOfPesos,
  dateFormatHasTime,
  isUsableDateFormat,
  normaliseReference,
  normaliseSender,
  parseAmountCentavos,
  parseStatementDate,
} from './statement-values.ts';

describe('parseStatementDate: the export’s wall clock, read as Manila time (UTC+8)', () => {
  it.each([
    ['2026-10-05 09:30 PM', ['YYYY-MM-DD hh:mm A'], '2026-10-05T13:30:00.000Z', true],
    ['2026-10-05 9:30 pm', ['YYYY-MM-DD h:mm A'], '2026-10-05T13:30:00.000Z', true],
    ['2026-10-05 12:05 AM', ['YYYY-MM-DD hh:mm A'], '2026-10-04T16:05:00.000Z', true],
    ['2026-10-05 12:05 PM', ['YYYY-MM-DD hh:mm A'], '2026-10-05T04:05:00.000Z', true],
    ['2026-10-05 21:30:12', ['YYYY-MM-DD HH:mm:ss'], '2026-10-05T13:30:12.000Z', true],
    ['2026-01-01 00:10', ['YYYY-MM-DD HH:mm'], '2025-12-31T16:10:00.000Z', true],
    ['Feb 29, 2024', ['MMM D, YYYY'], '2024-02-28T16:00:00.000Z', false],
    ['Sep 9, 2025, 01:44 pm', ['MMM D, YYYY, hh:mm a'], '2025-09-09T05:44:00.000Z', true],
    ['Sept 9, 2025', ['MMM D, YYYY'], '2025-09-08T16:00:00.000Z', false],
    ['October 11,2026', ['MMMM D, YYYY'], '2026-10-10T16:00:00.000Z', false],
    ['  10/05/2026   14:00 ', ['MM/DD/YYYY HH:mm'], '2026-10-05T06:00:00.000Z', true],
  ])('%j with %j → %s', (text, formats, iso, timeKnown) => {
    expect(parseStatementDate(text, formats)).toEqual({ at: new Date(iso), timeKnown });
  });

  it('tries the formats in order and takes the first that fits', () => {
    const formats = ['YYYY-MM-DD HH:mm:ss', 'MMM D, YYYY'];
    expect(parseStatementDate('Oct 5, 2026', formats)?.at.toISOString()).toBe(
      '2026-10-04T16:00:00.000Z',
    );
  });

  it.each([
    ['2026-02-30 10:00', 'YYYY-MM-DD HH:mm', 'no 30 February'],
    ['2026-13-01 10:00', 'YYYY-MM-DD HH:mm', 'no month 13'],
    ['2026-10-05 13:00 PM', 'YYYY-MM-DD hh:mm A', 'no 13 PM'],
    ['2026-10-05 00:30 AM', 'YYYY-MM-DD hh:mm A', 'no 0 AM on a 12-hour clock'],
    ['2026-10-05 24:00', 'YYYY-MM-DD HH:mm', 'no hour 24'],
    ['Foo 5, 2026', 'MMM D, YYYY', 'no month Foo'],
    ['2026-10-05', 'YYYY-MM-DD HH:mm', 'a time is required'],
    ['ENDING BALANCE', 'YYYY-MM-DD HH:mm', 'words'],
  ])('%j in %j is refused (%s)', (text, format) => {
    expect(parseStatementDate(text, [format])).toBeNull();
  });
});

describe('date formats a mapping may name', () => {
  it.each([
    ['YYYY-MM-DD hh:mm A', true, true],
    ['MMM D, YYYY', true, false],
    ['DD/MM/YYYY HH:mm', true, true],
    ['HH:mm', false, true],
    ['MM/DD', false, false],
    ['YYYY-MM', false, false],
  ])('%j usable %s, with a time %s', (format, usable, withTime) => {
    expect(isUsableDateFormat(format)).toBe(usable);
    if (usable) expect(dateFormatHasTime(format)).toBe(withTime);
  });
});

describe('parseAmountCentavos: integer centavos from the digits, never a float', () => {
  it.each([
    ['199.00', 19900],
    ['199', 19900],
    ['199.5', 19950],
    ['0.10', 10],
    ['1,234.56', 123456],
    ['1,234,567.89', 123456789],
    ['₱199.00', 19900],
    ['P320.00', 32000],
    ['PHP 1,299.00', 129900],
    ['-199.00', -19900],
    ['- 199.00', -19900],
    ['(199.00)', -19900],
    ['199.00-', -19900],
    ['+50.00', 5000],
    ['  55,677.05 ', 5567705],
  ])('%j → %i', (text, centavos) => {
    expect(parseAmountCentavos(text)).toBe(centavos);
  });

  it.each([
    '',
    'abc',
    '1.234',
    '1,23.00',
    '12,3456.00',
    '199.00.00',
    '1e3',
    '0x10',
    '=199',
    '99999999999999999999.00',
  ])('%j is not an amount', (text) => {
    expect(parseAmountCentavos(text)).toBeNull();
  });

  it('0.1 + 0.2 stays exact: 30 centavos', () => {
    expect((parseAmountCentavos('0.10') ?? 0) + (parseAmountCentavos('0.20') ?? 0)).toBe(30);
  });

  it('whole pesos of the transactions table are centavos ×100', () => {
    expect(centavosOfPesos(199)).toBe(19900);
    expect(centavosOfPesos(0)).toBe(0);
  });
});

describe('normaliseReference: only what identifies the transfer', () => {
  it.each([
    ['1234 567 891234', 'digits', '1234567891234'],
    ['1234-567-891234', 'digits', '1234567891234'],
    ["'1234567891234", 'digits', '1234567891234'],
    ['EB8C C4C5 C67B', 'hex', 'EB8CC4C5C67B'],
    ['eb8c-c4c5-c67b', 'hex', 'EB8CC4C5C67B'],
    ['12345', 'digits', null],
    ['', 'digits', null],
    ['no digits here', 'digits', null],
  ] as const)('%j (%s) → %j', (text, kind, value) => {
    expect(normaliseReference(text, kind)).toBe(value);
  });
});

describe('normaliseSender', () => {
  it.each([
    ['  JUAN   DELA CRUZ ', 'JUAN DELA CRUZ'],
    ['JUAN\u200BDELA\tCRUZ', 'JUAN DELA CRUZ'],
    ['ＪＵＡＮ', 'JUAN'],
    ['', null],
    ['   ', null],
  ])('%j → %j', (text, sender) => {
    expect(normaliseSender(text)).toBe(sender);
  });

  it('keeps at most 80 characters', () => {
    expect(normaliseSender('A'.repeat(200))).toHaveLength(80);
  });
});
