import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Markdown, renderMarkdown, spokenText } from './markdown.tsx';

const NOTE = [
  '## Behaviourism',
  '',
  'Learning is a **change in behaviour**. <script>alert(1)</script>',
  '',
  'See [the reading](https://example.org/skinner) and [this](javascript:alert(2)).',
  '',
  '<div style="color:red">styled</div>',
].join('\n');

// docs/product.md "Read mode": a note's Markdown is shown as HTML that can run nothing.
describe('a note rendered from Markdown', () => {
  it('keeps Markdown, shows raw HTML as text, and runs nothing', () => {
    const { container } = render(<Markdown source={NOTE} />);
    const note = container.querySelector('.markdown') as HTMLElement;
    expect(note.querySelector('strong')?.textContent).toBe('change in behaviour');
    expect(note.querySelector('script')).toBeNull();
    expect(note.textContent).toContain('<script>alert(1)</script>');
    expect(note.querySelector('[style]')).toBeNull();
  });

  it('opens links safely in a new tab and drops javascript: links', () => {
    const { container } = render(<Markdown source={NOTE} />);
    const links = [...container.querySelectorAll('a')];
    expect(links[0]?.getAttribute('href')).toBe('https://example.org/skinner');
    expect(links[0]?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(links[0]?.getAttribute('target')).toBe('_blank');
    expect(links.every((a) => !(a.getAttribute('href') ?? '').startsWith('javascript:'))).toBe(
      true,
    );
  });

  it("starts a note's headings at h3, under the page's h1 and the note's h2, skipping no level", () => {
    expect(renderMarkdown('## Title\n\n### Part\n\n#### Detail')).toBe(
      '<h3>Title</h3>\n<h4>Part</h4>\n<h5>Detail</h5>',
    );
    expect(renderMarkdown('# Title')).toBe('<h3>Title</h3>');
  });

  it('shows a pipe table as a table, its cells kept as text', () => {
    const { container } = render(
      <Markdown
        source={'| Age | Erikson |\n|---|--:|\n| 0–1 year | **trust** vs <b>mistrust</b> |'}
      />,
    );
    const table = container.querySelector('table') as HTMLTableElement;
    expect([...table.querySelectorAll('th')].map((th) => th.textContent)).toEqual([
      'Age',
      'Erikson',
    ]);
    const cells = [...table.querySelectorAll('td')];
    expect(cells.map((td) => td.textContent)).toEqual(['0–1 year', 'trust vs <b>mistrust</b>']);
    expect(cells[1]?.querySelector('strong')?.textContent).toBe('trust');
    expect(cells[1]?.getAttribute('align')).toBe('right');
    expect(table.querySelector('b, [style]')).toBeNull();
  });

  it('reads a note aloud without its marks, a table row by row with its cells apart', () => {
    expect(
      spokenText(
        'Learning is a **change**.\n\n| Electrolyte | Normal |\n|---|---|\n| Sodium | 135–145 mEq/L |\n| Potassium | 3.5–5.0 mEq/L |\n\nKnow them.',
      ),
    ).toBe(
      'Learning is a change. Electrolyte, Normal. Sodium, 135–145 mEq/L. Potassium, 3.5–5.0 mEq/L. Know them.',
    );
  });
});
