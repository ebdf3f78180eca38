import { describe, expect, it } from 'vitest';
import { blueprintSpecSchema } from './content.ts';

/** The shape rules of a part's strands (issue 24 item 3), as an author meets them on import. */
describe('blueprintSpecSchema: strands', () => {
  const part = (extra: object) => ({
    id: 'p',
    name: 'Part',
    subjectIds: ['s', 't'],
    items: 10,
    minutes: 10,
    weight: 1,
    ...extra,
  });
  const spec = (extra: object) => ({ parts: [part(extra)], passingAverage: 75 });
  const strand = (id: string, share: number, topicIds: string[]) => ({
    id,
    name: id,
    share,
    topicIds,
  });
  const messages = (extra: object) => {
    const parsed = blueprintSpecSchema.safeParse(spec(extra));
    return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
  };

  it.each([
    ['no strands', {}, []],
    ['shares adding up to 1', { strands: [strand('a', 0.3, ['x']), strand('b', 0.7, ['y'])] }, []],
    [
      'shares adding up to 0.9',
      { strands: [strand('a', 0.2, ['x']), strand('b', 0.7, ['y'])] },
      ['Strand shares must add up to 1.'],
    ],
    [
      'a topic in two strands',
      { strands: [strand('a', 0.5, ['x']), strand('b', 0.5, ['x', 'y'])] },
      ['A topic is in two strands.'],
    ],
    [
      'two strands with one id',
      { strands: [strand('a', 0.5, ['x']), strand('a', 0.5, ['y'])] },
      ['Two strands have the same id.'],
    ],
    [
      'a strand topic outside the part’s topicIds',
      { topicIds: ['x'], strands: [strand('a', 0.5, ['x']), strand('b', 0.5, ['y'])] },
      ["A strand's topics must be among the part's topicIds."],
    ],
    [
      'strands on a major part',
      { major: true, strands: [strand('a', 1, ['x'])] },
      ['A major part has no strands.'],
    ],
  ])('%s', (_, extra, expected) => {
    expect(messages(extra)).toEqual(expected);
  });

  it('keeps the strands on the parsed part (the draw reads them)', () => {
    const parsed = blueprintSpecSchema.parse(spec({ strands: [strand('a', 1, ['x'])] }));
    expect(parsed.parts[0]?.strands).toEqual([{ id: 'a', name: 'a', share: 1, topicIds: ['x'] }]);
  });
});
