import { describe, expect, it } from 'vitest';
import {
  type OcrLine,
  type OcrWord,
  ocrLinesFromTsv,
  readReceiptText,
  rereadAmount,
  rereadReference,
} from './receipt-reading.ts';

/** OCR output as Tesseract gives it: lines of words, each with a confidence and a box. */
function ocr(text: string, confidence = 92): OcrLine[] {
  return text
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((lineText, row) => {
      let x = 0;
      const words: OcrWord[] = lineText
        .trim()
        .split(/\s+/)
        .map((word) => {
          const box = { x0: x, y0: row * 40, x1: x + word.length * 18, y1: row * 40 + 30 };
          x = box.x1 + 12;
          return { text: word, confidence, box };
        });
      return { text: `${lineText}\n`, confidence, words };
    });
}

const manila = (iso: string) => new Date(`${iso}+08:00`);

describe('readReceiptText: GCash receipts', () => {
  it.each([
    [
      'an Express Send receipt (published OCR fixture)',
      'Express Send\nAN---W KY-E T.\n+63 977 732 9406\nSent via GCash\nAmount\n320.00\nTotal Amount Sent\nP320.00\nRef No. 7037516197197\nFeb 5, 2026 7:23 PM',
      '7037516197197',
      32000,
      '2026-02-05T19:23',
    ],
    [
      'the 4-3-6 grouping and the date on the reference line',
      'JU*N DE** C.\n+63 942 572 1751\nSent via GCash\nAmount 100.97\nTotal Amount Sent £100.97\nRef No. 4252 928 111257 Oct 13, 2026 11:58 AM',
      '4252928111257',
      10097,
      '2026-10-13T11:58',
    ],
    [
      'groups merged, no space after the comma, OCR’s "RefNo."',
      'Sent via GCash.\nAmount 299.00\nTotal Amount Sent £299.00\nRefNo. 5320 098606579 Oct 11,2026 4:12 AM',
      '5320098606579',
      29900,
      '2026-10-11T04:12',
    ],
    [
      'O and I read for 0 and 1',
      'Sent via GCash\nAmount 1,299.00\nTotal Amount Sent P1,299.00\nRef No. 7O37 65I 006674\nJan 29, 2026 10:19 AM',
      '7037651006674',
      129900,
      '2026-01-29T10:19',
    ],
  ])('%s', (_what, text, reference, centavos, local) => {
    const { reading, reread } = readReceiptText(ocr(text));
    expect(reading.layout).toBe('gcash');
    expect(reading.reference?.value).toBe(reference);
    expect(reading.amount?.centavos).toBe(centavos);
    expect(reading.paidAt?.at).toEqual(manila(local));
    expect(reread?.charset).toBe('0123456789');
  });

  it('a label run into its value ("RefNo.5795518173672") is cut where the label ends', () => {
    const { reading, reread } = readReceiptText(
      ocr('Sent via GCash\nAmount 299.00\nRefNo.5795518173672 Oct 23,2026 1:53 AM'),
    );
    expect(reading.reference?.value).toBe('5795518173672');
    expect(reread?.words.map((w) => w.text)).toEqual(['5795518173672']);
    // The value's box starts where the label's 6 of 19 characters end.
    expect(reread?.words[0]?.box.x0).toBe(Math.floor((19 * 18 * 6) / 19));
  });

  it('a colon lost by OCR ("1158 AM") is repaired and trusted less', () => {
    const lines = ocr(
      'Sent via GCash\nAmount 100.00\nRef No. 4252 928 111257 Oct 13, 2026 1158 AM',
    );
    const { reading } = readReceiptText(lines);
    expect(reading.paidAt?.at).toEqual(manila('2026-10-13T11:58'));
    expect(reading.paidAt?.confidence).toBeCloseTo(0.92 * 0.8);
  });

  it('the amount received is "Amount"; a disagreeing total lowers the confidence', () => {
    const agree = readReceiptText(ocr('GCash\nAmount 199.00\nTotal Amount Sent P199.00'));
    const disagree = readReceiptText(ocr('GCash\nAmount 100.74\nTotal Amount Sent P199.74'));
    const onlyTotal = readReceiptText(ocr('GCash\nTotal Amount Sent P214.00')).reading;
    expect(agree.reading.amount).toEqual({ centavos: 19900, confidence: 0.92 });
    expect(agree.amountReread).toBeNull();
    expect(disagree.reading.amount).toEqual({ centavos: 10074, confidence: 0.46 });
    expect(disagree.amountReread).toEqual({
      words: [expect.objectContaining({ text: '100.74' })],
      firstReadings: [10074, 19974],
    });
    expect(onlyTotal.amount?.centavos).toBe(21400);
    expect(onlyTotal.amount?.confidence).toBeCloseTo(0.92 * 0.85);
  });

  it('printings that disagree are settled by reading the amount again (a 9 read as 0)', () => {
    const first = readReceiptText(ocr('GCash\nAmount 100.74\nTotal Amount Sent P199.74'));
    if (!first.amountReread) throw new Error('no reread');
    const reading = rereadAmount(first.reading, first.amountReread, [
      { words: ['199.74'], weight: 1.2 },
      { words: ['199.74'], weight: 1 },
      { words: ['100.74'], weight: 1 },
    ]);
    // 199.74 has 1 + 1.2 + 1 of the 5.2 votes.
    expect(reading.amount).toEqual({ centavos: 19974, confidence: 0.92 * (3.2 / 5.2) });
  });

  it.each([
    ['cropped away', 'Sent via GCash\nAmount 199.00\n7037 651 006674 Feb 5, 2026 7:23 PM'],
    ['misread ("Reto")', 'Sent via GCash\nAmount 199.00\n| Reto 7037651006674 Feb5, 2026 7:23PM'],
  ])('without the "Ref No." label (%s), a 13-digit run is taken, trusted less', (_why, text) => {
    const { reading, reread } = readReceiptText(ocr(text));
    expect(reading.reference).toEqual({ value: '7037651006674', confidence: 0.92 * 0.6 });
    expect(reread?.words.length).toBeGreaterThan(0);
  });

  it('a phone number is not a reference', () => {
    const { reading } = readReceiptText(ocr('Sent via GCash\n+63 977 732 9406\nAmount 199.00'));
    expect(reading.reference).toBeNull();
  });
});

describe('readReceiptText: Maya receipts', () => {
  it.each([
    [
      'a sent-money receipt',
      'Sent money to\nP299.00\n+639344976331\nJUAN DELA CRUZ\nCompleted Oct 24, 2026, 08:58 am\nReference ID 2E53 A50A E8DA\nPayment method Maya Wallet\nTransaction fee Free\nTotal amount £299.00',
      '2E53A50AE8DA',
      29900,
      '2026-10-24T08:58',
    ],
    [
      'a received-money receipt (published OCR fixture) with OCR’s stray marks',
      'Received money from\n₱10.00\n+639772478589\nv Completed Sep 9, 2025, 01:44 pm\n- from Jidy Thialeen\nReference ID EB8C C4C5 Cé67B\n\nmaya',
      'EB8CC4C5C67B',
      1000,
      '2025-09-09T13:44',
    ],
    [
      'a "Reference ID." with a dot and the headline amount missing',
      '2:52 LTE 93%\nSent money to\n+639696794257\nMARK TAN\nCompleted Oct 23, 2026, 09:51 am\nReference ID. D387 8247 7202\nPayment method Maya Wallet\nTotal amount £299.00',
      'D38782477202',
      29900,
      '2026-10-23T09:51',
    ],
  ])('%s', (_what, text, reference, centavos, local) => {
    const { reading, reread } = readReceiptText(ocr(text));
    expect(reading.layout).toBe('maya');
    expect(reading.reference?.value).toBe(reference);
    expect(reading.amount?.centavos).toBe(centavos);
    expect(reading.paidAt?.at).toEqual(manila(local));
    expect(reread?.charset).toBe('0123456789ABCDEF');
    expect(reread?.words.map((w) => w.text)).toHaveLength(3);
  });

  it('S and O in a hex reference are read as 5 and 0 on the first pass', () => {
    const { reading } = readReceiptText(ocr('Sent money to\nReference ID 2E53 AS0A E8DA'));
    expect(reading.reference?.value).toBe('2E53A50AE8DA');
  });
});

describe('readReceiptText: not a receipt', () => {
  it('reads nothing from a meme', () => {
    expect(readReceiptText(ocr('cats\nfunny\nmeme')).reading).toEqual({
      layout: null,
      reference: null,
      amount: null,
      paidAt: null,
    });
  });

  it('reads nothing from an empty page', () => {
    expect(readReceiptText([]).reading.layout).toBeNull();
  });
});

describe('rereadReference: the words read again in several ways, and a vote', () => {
  const maya = (ref: string) =>
    readReceiptText(ocr(`Sent money to\nReference ID ${ref}\nTotal amount P299.00`));
  const line = (...words: string[]) => ({ words, weight: 1.2 });
  const word = (...words: string[]) => ({ words, weight: 1 });

  it('the readings outvote the first one’s misread character (B0F5 → B9F5)', () => {
    const first = maya('E1B9 D421 BOF5');
    expect(first.reading.reference?.value).toBe('E1B9D421B0F5');
    if (!first.reread) throw new Error('no reread');
    const reading = rereadReference(first.reading, first.reread, [
      line('E1B9', 'D421', 'B9F5'),
      word('E1B9', 'D421', 'B9F5'),
    ]);
    expect(reading.reference?.value).toBe('E1B9D421B9F5');
    // The last word won 2.2 of 3.2 votes: trusted that much less than a unanimous reading.
    expect(reading.reference?.confidence).toBeCloseTo(0.92 * (2.2 / 3.2));
  });

  it('on a tie the single-line reading wins (it is listed first and weighs more)', () => {
    const first = readReceiptText(ocr('GCash\nRef No. 8066 605 269526 Oct 5, 2026 9:30 PM'));
    if (!first.reread) throw new Error('no reread');
    const reading = rereadReference(first.reading, first.reread, [
      line('8066', '605', '269526'),
      word('8066', '805', '269526'),
      word('8066', '805', '269526'),
    ]);
    expect(reading.reference?.value).toBe('8066605269526');
  });

  it('a reading that dropped a character has no vote', () => {
    const first = maya('D368 F9B3 1285');
    if (!first.reread) throw new Error('no reread');
    const reading = rereadReference(first.reading, first.reread, [
      line('D368', 'FB3', '1285'),
      word('D368', 'FB3', '1285'),
    ]);
    expect(reading.reference?.value).toBe('D368F9B31285');
  });

  it('makes out a reference the first reading could not (a group of 3 read as 4)', () => {
    const first = maya('A8C 34E6 6326');
    expect(first.reading.reference).toBeNull();
    if (!first.reread) throw new Error('no reread');
    const reading = rereadReference(first.reading, first.reread, [line('A8CF', '34E6', '6326')]);
    expect(reading.reference?.value).toBe('A8CF34E66326');
    // Read by one way alone: 0.8 of the words' confidence.
    expect(reading.reference?.confidence).toBeCloseTo(0.92 * 0.8);
  });

  it('unanimous readings keep the first reading’s confidence', () => {
    const first = maya('2E53 A50A E8DA');
    if (!first.reread) throw new Error('no reread');
    const reading = rereadReference(first.reading, first.reread, [
      line('2E53', 'A50A', 'E8DA'),
      word('2E53', 'A50A', 'E8DA'),
    ]);
    expect(reading.reference).toEqual({ value: '2E53A50AE8DA', confidence: 0.92 });
  });

  it('the first reading stands when the vote does not make a reference', () => {
    const first = maya('2E53 A50A E8DA');
    if (!first.reread) throw new Error('no reread');
    const reading = rereadReference(first.reading, first.reread, [
      line('2E53', 'A50A', 'E8DAE8DA'),
      word('2E53', 'A50A', 'E8DAE8DA'),
    ]);
    expect(reading.reference?.value).toBe('2E53A50AE8DA');
  });
});

describe('ocrLinesFromTsv: Tesseract’s TSV output as lines of words', () => {
  // Levels 1–4 are page, block, paragraph and line; 5 is a word. Confidence −1 marks non-words.
  const tsv = [
    'level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext',
    '1\t1\t0\t0\t0\t0\t0\t0\t1080\t2400\t-1\t',
    '4\t1\t1\t1\t1\t0\t30\t800\t400\t40\t-1\t',
    '5\t1\t1\t1\t1\t1\t30\t800\t90\t40\t96.5\tAmount',
    '5\t1\t1\t1\t1\t2\t700\t802\t120\t38\t90.5\t199.00',
    '4\t1\t1\t1\t2\t0\t30\t900\t400\t40\t-1\t',
    '5\t1\t1\t1\t2\t1\t30\t900\t50\t40\t95\tRef',
    '5\t1\t1\t1\t2\t2\t90\t900\t50\t40\t95\t ',
    '5\t1\t1\t1\t2\t3\t150\t900\t60\t40\t91\tNo.',
  ].join('\n');

  it('groups the words by line, with their boxes and the line’s mean confidence', () => {
    expect(ocrLinesFromTsv(tsv)).toEqual([
      {
        text: 'Amount 199.00',
        confidence: 93.5,
        words: [
          { text: 'Amount', confidence: 96.5, box: { x0: 30, y0: 800, x1: 120, y1: 840 } },
          { text: '199.00', confidence: 90.5, box: { x0: 700, y0: 802, x1: 820, y1: 840 } },
        ],
      },
      {
        text: 'Ref No.',
        confidence: 93,
        words: [
          { text: 'Ref', confidence: 95, box: { x0: 30, y0: 900, x1: 80, y1: 940 } },
          { text: 'No.', confidence: 91, box: { x0: 150, y0: 900, x1: 210, y1: 940 } },
        ],
      },
    ]);
  });

  it('an empty page has no lines', () => {
    expect(ocrLinesFromTsv('')).toEqual([]);
  });
});
