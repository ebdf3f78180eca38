import { describe, expect, it } from 'vitest';
import { statementMappingSchema } from '../contract/reconciliation.ts';
import {
  BDO_MY_TRANSACTIONS_MAPPING,
  BUILTIN_STATEMENT_MAPPINGS,
  findHeaderRow,
  GCASH_HISTORY_MAPPING,
  headerKey,
  locateColumns,
  MAYA_HISTORY_MAPPING,
  type StatementMapping,
} from './statement-mapping.ts';

describe('the shipped mappings (issue 26 item 1: GCash, Maya and a bank)', () => {
  it('are three, with distinct ids and sources, GCash, Maya and BDO', () => {
    expect(BUILTIN_STATEMENT_MAPPINGS.map((m) => [m.id, m.source])).toEqual([
      ['gcash-history', 'gcash'],
      ['maya-history', 'maya'],
      ['bdo-my-transactions', 'bdo'],
    ]);
  });

  it.each(BUILTIN_STATEMENT_MAPPINGS.map((m) => [m.id, m]))(
    '%s passes the schema staff mappings pass',
    (_id, mapping) => {
      expect(statementMappingSchema.parse(mapping)).toEqual(mapping);
    },
  );

  it.each([
    [
      GCASH_HISTORY_MAPPING,
      ['Date and Time', 'Description', 'Reference No.', 'Debit', 'Credit', 'Balance'],
      { date: 0, description: 1, reference: 2, debit: 3, credit: 4, balance: 5 },
    ],
    [
      MAYA_HISTORY_MAPPING,
      ['Date', 'Description', 'Reference ID', 'Amount', 'Balance'],
      { date: 0, description: 1, reference: 2, amount: 3, balance: 4 },
    ],
    [
      BDO_MY_TRANSACTIONS_MAPPING,
      // The export's own header row, spacer columns included.
      [
        'Posting Date',
        'Description',
        '',
        'Branch',
        'Debit Amount',
        '',
        'Credit Amount',
        '',
        'Running Balance',
        '',
        'Currency',
        'Check Number',
      ],
      { date: 0, description: 1, debit: 4, credit: 6, balance: 8 },
    ],
  ])('%# finds its columns in the export’s header', (mapping, header, positions) => {
    expect(locateColumns(header, mapping)).toEqual(positions);
  });

  it('compares headers without case, spaces or punctuation', () => {
    expect(headerKey(' Reference  No. ')).toBe('referenceno');
    expect(
      locateColumns(['DATE AND TIME', 'reference no', 'CREDIT'], GCASH_HISTORY_MAPPING),
    ).toEqual({ date: 0, reference: 1, credit: 2 });
  });

  it('prefers the first alias: "Date and Time" over a plain "Date" column', () => {
    expect(locateColumns(['Date', 'Date and Time', 'Credit'], GCASH_HISTORY_MAPPING)?.date).toBe(1);
  });

  it.each([
    [['Description', 'Credit'], 'no date column'],
    [['Date and Time', 'Description', 'Debit'], 'no column of money in'],
    [[], 'an empty row'],
  ])('%j is not a GCash header (%s)', (header) => {
    expect(locateColumns(header, GCASH_HISTORY_MAPPING)).toBeNull();
  });

  it('finds the header after a preamble (BDO writes account rows first)', () => {
    const rows = [
      ['', '', '', '', '', '', '', 'My Transactions'],
      ['Account No:', '', '007310159087'],
      ['Period Covered:', '', '', 'From 02/01/2024 To 02/29/2024'],
      ['Posting Date', 'Description', '', 'Branch', 'Debit Amount', '', 'Credit Amount'],
    ];
    expect(findHeaderRow(rows, BDO_MY_TRANSACTIONS_MAPPING)?.index).toBe(3);
    expect(findHeaderRow(rows.slice(0, 3), BDO_MY_TRANSACTIONS_MAPPING)).toBeNull();
  });
});

describe('statementMappingSchema: what staff may add', () => {
  const valid: StatementMapping = {
    id: 'unionbank-csv',
    label: 'UnionBank CSV',
    source: 'unionbank',
    columns: { date: ['Date'], credit: ['Credit'], debit: ['Debit'], description: ['Details'] },
    dateFormats: ['MM/DD/YYYY'],
    referenceKind: 'digits',
    referencePattern: 'REF\\s*(\\d{6,20})',
    senderPattern: 'FROM (?<sender>[A-Z ]+)',
  };

  it('accepts a well-formed mapping', () => {
    expect(statementMappingSchema.safeParse(valid).success).toBe(true);
  });

  it.each([
    ['an id with capitals', { id: 'UnionBank' }],
    ['no column of money in', { columns: { date: ['Date'], debit: ['Debit'] } }],
    ['a header with no letter', { columns: { date: ['—'], credit: ['Credit'] } }],
    ['an unknown column', { columns: { date: ['Date'], credit: ['Credit'], fee: ['Fee'] } }],
    [
      'a direction without an amount',
      { columns: { date: ['Date'], credit: ['C'], direction: ['D'] } },
    ],
    ['a date format without a year', { dateFormats: ['MM/DD'] }],
    ['no date format', { dateFormats: [] }],
    ['a pattern that does not compile', { referencePattern: '(\\d+' }],
    ['a repetition that repeats (exponential time)', { referencePattern: '(\\d+)+$' }],
    ['another nested repetition', { referencePattern: '(?:a|a*)*b' }],
    ['a sender pattern without its group', { senderPattern: 'FROM ([A-Z ]+)' }],
    ['an unknown reference kind', { referenceKind: 'letters' }],
    ['an extra field', { script: 'alert(1)' }],
  ])('refuses %s', (_why, change) => {
    expect(statementMappingSchema.safeParse({ ...valid, ...change }).success).toBe(false);
  });
});
