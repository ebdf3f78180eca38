import { describe, expect, it } from 'vitest';
import { checkReading, readingSummary } from './reading-check.ts';

const reading = { reference: '7037651006674', amountCentavos: 19_900 };

describe('checkReading', () => {
  it.each([
    ['not read yet', { reading: null }, { referenceAgrees: null, amountAgrees: null }],
    [
      'agrees with the statement line',
      { line: { reference: '7037651006674', amountCentavos: 19_900 } },
      { referenceAgrees: true, amountAgrees: true },
    ],
    [
      'the line says another reference and amount',
      { line: { reference: '1111111111111', amountCentavos: 14_900 } },
      { referenceAgrees: false, amountAgrees: false },
    ],
    [
      'the line wins over the typed code',
      {
        typedReferences: ['1111111111111'],
        line: { reference: '7037651006674', amountCentavos: 19_900 },
      },
      { referenceAgrees: true, amountAgrees: true },
    ],
    [
      'no line: against the typed code and the price charged',
      { typedReferences: ['7037651006674'] },
      { referenceAgrees: true, amountAgrees: true },
    ],
    [
      'no line: a typed code that differs',
      { typedReferences: ['7037651006675'], chargedCentavos: 14_900 },
      { referenceAgrees: false, amountAgrees: false },
    ],
    [
      'no line, nothing typed: the reference cannot be checked',
      {},
      { referenceAgrees: null, amountAgrees: true },
    ],
    [
      'a line without a reference (a bank): the typed code',
      { typedReferences: ['7037651006674'], line: { reference: null, amountCentavos: 19_900 } },
      { referenceAgrees: true, amountAgrees: true },
    ],
    [
      'nothing found',
      { reading: { reference: null, amountCentavos: null }, typedReferences: ['1'] },
      { referenceAgrees: null, amountAgrees: null },
    ],
  ])('%s', (_, overrides, expected) => {
    expect(
      checkReading({
        reading,
        typedReferences: [],
        line: null,
        chargedCentavos: 19_900,
        ...overrides,
      }),
    ).toEqual(expected);
  });
});

describe('readingSummary', () => {
  it('says what was read and whether it agrees', () => {
    expect(readingSummary(reading, { referenceAgrees: true, amountAgrees: false })).toBe(
      'Read from the screenshot: reference 7037651006674 ✓, amount ₱199.00 ✗',
    );
    expect(
      readingSummary(
        { reference: null, amountCentavos: 123_456 },
        { referenceAgrees: null, amountAgrees: null },
      ),
    ).toBe('Read from the screenshot: reference not found, amount ₱1,234.56');
  });
});
