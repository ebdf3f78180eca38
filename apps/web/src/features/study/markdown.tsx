import { micromark } from 'micromark';
import { gfmTable, gfmTableHtml } from 'micromark-extension-gfm-table';
import { useMemo } from 'react';

/**
 * Renders a note's Markdown, with GitHub's pipe tables (the notes' comparison tables; plain
 * CommonMark showed them as lines of pipes). micromark's defaults escape raw HTML and drop
 * dangerous link protocols (javascript:, data:…), so the output holds only the HTML that Markdown
 * itself makes; links open safely in a new tab. No style attributes can appear (the CSP is
 * style-src 'self'): the table extension marks a column's alignment with an `align` attribute.
 */
export function renderMarkdown(source: string): string {
  const html = micromark(source, {
    extensions: [gfmTable()],
    htmlExtensions: [gfmTableHtml()],
  }).replaceAll('<a href="', '<a target="_blank" rel="noopener noreferrer" href="');
  // A note sits under the page's h1 and the note's own h2 title: its top heading becomes h3
  // whatever level the author chose (notes often start at ##), so no level is skipped.
  const levels = [...html.matchAll(/<h([1-6])>/g)].map((m) => Number(m[1]));
  const shift = levels.length > 0 ? 3 - Math.min(...levels) : 0;
  return html.replace(/<(\/?)h([1-6])>/g, (_m, slash: string, level: string) => {
    return `<${slash}h${Math.min(6, Number(level) + shift)}>`;
  });
}

/**
 * The words of a note as Listen reads them, without Markdown marks: the rendered HTML's text
 * (parsed, never run). A table is read row by row, its cells apart ("Sodium, 135–145 mEq/L.").
 */
export function spokenText(markdown: string): string {
  const doc = new DOMParser().parseFromString(renderMarkdown(markdown), 'text/html');
  for (const row of doc.querySelectorAll('tr')) {
    const cells = [...row.querySelectorAll('th, td')].map((cell) => cell.textContent?.trim());
    row.textContent = ` ${cells.filter(Boolean).join(', ')}. `;
  }
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}

export function Markdown({ source, className }: { source: string; className?: string }) {
  const html = useMemo(() => renderMarkdown(source), [source]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: micromark output without raw HTML (above).
  return <div className={className ?? 'markdown'} dangerouslySetInnerHTML={{ __html: html }} />;
}
