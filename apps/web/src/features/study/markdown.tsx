import { micromark } from 'micromark';
import { useMemo } from 'react';

/**
 * Renders a note's Markdown. micromark's defaults escape raw HTML and drop dangerous link
 * protocols (javascript:, data:…), so the output holds only the HTML that Markdown itself makes;
 * links open safely in a new tab. No style attributes can appear (the CSP is style-src 'self').
 */
export function renderMarkdown(source: string): string {
  const html = micromark(source).replaceAll(
    '<a href="',
    '<a target="_blank" rel="noopener noreferrer" href="',
  );
  // A note sits under the page's h1 and the note's own h2 title: its top heading becomes h3
  // whatever level the author chose (notes often start at ##), so no level is skipped.
  const levels = [...html.matchAll(/<h([1-6])>/g)].map((m) => Number(m[1]));
  const shift = levels.length > 0 ? 3 - Math.min(...levels) : 0;
  return html.replace(/<(\/?)h([1-6])>/g, (_m, slash: string, level: string) => {
    return `<${slash}h${Math.min(6, Number(level) + shift)}>`;
  });
}

export function Markdown({ source, className }: { source: string; className?: string }) {
  const html = useMemo(() => renderMarkdown(source), [source]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: micromark output without raw HTML (above).
  return <div className={className ?? 'markdown'} dangerouslySetInnerHTML={{ __html: html }} />;
}
