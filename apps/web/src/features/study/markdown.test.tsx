import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Markdown, renderMarkdown } from './markdown.tsx';

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
});
