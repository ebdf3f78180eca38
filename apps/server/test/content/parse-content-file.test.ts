import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  formatContentError,
  parseContentFile,
} from '../../src/modules/content/parse-content-file.ts';

const fixture = (name: string) =>
  readFileSync(path.join(import.meta.dirname, 'fixtures', name), 'utf8');

/** The errors of a file that must not parse, as the author reads them. */
function errorsOf(fileName: string, text: string): string[] {
  const result = parseContentFile(fileName, text);
  if (result.ok) throw new Error('expected errors');
  return result.errors.map(formatContentError);
}

describe('parseContentFile: JSON', () => {
  it('reads a valid bundle with defaults applied', () => {
    const result = parseContentFile('small.json', fixture('small.json'));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.bundle.reviewer.shorthand).toBe('cse-pro');
    expect(result.bundle.questions.map((q) => q.difficulty)).toEqual([2, 1, 2]);
    expect(result.bundle.questions[0]?.distractorNotes?.[1]).toBeNull();
    expect(result.bundle.questions.map((q) => q.situational)).toEqual([false, false, true]);
  });

  it('names the line of each schema problem: the field, or the element that lacks it', () => {
    const good = JSON.parse(fixture('small.json'));
    good.questions[1].answerIndex = 7; // points past the choices
    delete good.questions[2].rationale; // missing
    good.flashCards[1].id = 'fx-c1'; // duplicate id
    const text = JSON.stringify(good, null, 2);
    const lines = text.split('\n');
    const lineOf = (needle: string, from = 0) =>
      lines.findIndex((l, i) => i >= from && l.includes(needle)) + 1;
    const q2 = lineOf('"id": "fx-q2"');
    const q3Start = lineOf('{', lineOf('"id": "fx-q2"') + 1); // the element after fx-q2's object
    const secondCard = lineOf('"id": "fx-c1"', lineOf('"id": "fx-c1"'));

    expect(errorsOf('bank.json', text)).toEqual([
      `line ${lineOf('"answerIndex": 7', q2)}: questions[1].answerIndex: answerIndex must point at one of the choices.`,
      `line ${q3Start}: questions[2].rationale: Invalid input: expected string, received undefined`,
      `line ${secondCard}: flashCards[1].id: Duplicate id fx-c1 (also flashCards[0]).`,
    ]);
  });

  it('reports a syntax error with its line and keeps nothing', () => {
    const text =
      '{\n  "reviewer": { "shorthand": "cse-pro" },\n  "subjects": [\n    { "id": "a", }\n  ]\n}';
    expect(errorsOf('bank.json', text)).toEqual([
      "line 4: Invalid JSON: Unexpected '}'; expected a property name in quotes.",
    ]);
    expect(errorsOf('bank.json', '{\n  "reviewer": "x"\n')).toEqual([
      "line 3: Invalid JSON: Unexpected end of file; expected ',' or '}'.",
    ]);
    expect(errorsOf('bank.json', '{"a": "unclosed\n}')[0]).toMatch(/^line 1: Invalid JSON/);
  });

  it('refuses other file types and empty files', () => {
    expect(errorsOf('bank.txt', '{}')).toEqual(['Choose a .json or .csv file.']);
    expect(errorsOf('bank.json', '  \n')).toEqual(['The file is empty.']);
  });
});

describe('parseContentFile: CSV', () => {
  it('reads the documented layout: letters for the key, multi-line cells, reasons per choice', () => {
    const result = parseContentFile('small.csv', fixture('small.csv'));
    if (!result.ok) throw new Error(result.errors.map(formatContentError).join('\n'));
    const { bundle } = result;
    expect(bundle.reviewer.shorthand).toBe('let-elem');
    expect(bundle.subjects).toEqual([{ id: 'fxc-english', name: 'English', sortOrder: 1 }]);
    expect(bundle.questions[0]).toMatchObject({
      id: 'fxc-q1',
      choices: ['go', 'goes', 'going', 'gone'],
      answerIndex: 1,
      distractorNotes: ['Plural form.', null, null, null],
    });
    expect(bundle.questions[1]).toMatchObject({
      stem: 'Which is a complete sentence?\n(Read all choices.)',
      choices: ['Running fast.', 'The dog barked.'],
      answerIndex: 1,
    });
    expect(bundle.flashCards).toHaveLength(1);
    expect(bundle.notes[0]?.body).toContain('\n\nA plural subject');
  });

  it('names the line (where a multi-line row starts) and the column of each problem', () => {
    const text = [
      'reviewer,type,id,topicId,stem,choiceA,choiceB,choiceC,answer,rationale,front,back',
      'let-elem,question,q-ok,t1,"Two',
      'lines",a,b,,A,why',
      'let-elem,question,q-bad,t1,Stem,a,b,,C,why',
      'let-elem,question,q-gap,t1,Stem,a,,c,A,why',
      'let-elem,card,c-1,t1,,,,,,,,',
      'let-elem,widget,w-1,t1,,,,,,,,',
      'cse-pro,card,c-2,t1,,,,,,,front,back',
    ].join('\n');
    expect(errorsOf('bank.csv', text)).toEqual([
      'line 5: choiceB: Fill the choices in order, without an empty one between.',
      'line 7: type: Use subject, topic, question, card or note.',
      'line 8: reviewer: Every row must be for let-elem, not cse-pro.',
    ]);
    // Once the rows are readable, the schema's problems come back on the row's line and column.
    const schemaErrors = errorsOf(
      'bank.csv',
      text.split('\n').slice(0, 4).concat('let-elem,card,c-1,t1,,,,,,,,').join('\n'),
    );
    expect(schemaErrors).toEqual([
      'line 4: answer: answerIndex must point at one of the choices.',
      'line 5: front: Invalid input: expected string, received undefined',
      'line 5: back: Invalid input: expected string, received undefined',
    ]);
  });

  it('reads the situational column as yes/no, empty meaning no, and names a bad value', () => {
    const header = 'reviewer,type,id,topicId,stem,choiceA,choiceB,answer,rationale,situational';
    const rows = (...values: string[]) =>
      [header, ...values.map((v, i) => `let-elem,question,q${i},t1,Stem,a,b,A,why,${v}`)].join(
        '\n',
      );
    const result = parseContentFile('bank.csv', rows('yes', 'TRUE', '1', 'no', 'false', '', 'N'));
    if (!result.ok) throw new Error(result.errors.map(formatContentError).join('\n'));
    expect(result.bundle.questions.map((q) => q.situational)).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
    expect(errorsOf('bank.csv', rows('yes', 'maybe'))).toEqual([
      'line 3: situational: Use yes or no, or leave it empty (no).',
    ]);
  });

  it('refuses unknown or missing columns and broken quoting, with the line', () => {
    expect(errorsOf('bank.csv', 'reviewer,type,colour\nlet-elem,subject,red')).toEqual([
      'line 1: Unknown column colour.',
      'line 1: Missing column id.',
    ]);
    expect(errorsOf('bank.csv', 'reviewer,type,id\nlet-elem,subject,"a\n')[0]).toMatch(
      /^line 2: Invalid CSV: Quote Not Closed/,
    );
    expect(errorsOf('bank.csv', 'reviewer,type,id\nlet-elem,subject,a,extra\n')[0]).toMatch(
      /^line 2: Invalid CSV/,
    );
  });
});
