import { describe, expect, it } from 'vitest';

/** Every stylesheet of the app, as its text. */
const STYLESHEETS: Record<string, string> = import.meta.glob('../**/*.css', {
  query: '?raw',
  import: 'default',
  eager: true,
});

/**
 * The selectors of `css` that name `:hover` outside an `@media (hover: hover)` block. Comments
 * are dropped first; blocks are followed by their braces, which is all the project's CSS needs.
 */
function unguardedHovers(css: string): string[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const found: string[] = [];
  // The blocks open around the current point: true for a hover-guarded @media block.
  const open: boolean[] = [];
  let start = 0;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (char === '{') {
      const prelude = text.slice(start, i).trim();
      const guarded = /^@media\s*\(\s*hover\s*:\s*hover\s*\)$/.test(prelude);
      if (prelude.includes(':hover') && !open.includes(true)) found.push(prelude);
      open.push(guarded);
      start = i + 1;
    } else if (char === '}') {
      open.pop();
      start = i + 1;
    } else if (char === ';') {
      start = i + 1;
    }
  }
  return found;
}

// docs/one-way.md: a phone's tap leaves :hover on what it touched (and on what is drawn there
// next), so a hover look is only for a pointer that can hover.
describe('hover styles', () => {
  it('are found outside a guard, and not inside one', () => {
    expect(unguardedHovers('.a:hover { color: red; }\n.b { color: blue; }')).toEqual(['.a:hover']);
    expect(
      unguardedHovers('@media (hover: hover) {\n  .a:hover:not(:disabled) { color: red; }\n}'),
    ).toEqual([]);
    expect(unguardedHovers('@media (min-width: 40rem) { .a:hover { color: red; } }')).toEqual([
      '.a:hover',
    ]);
  });

  it('are kept for a pointer that can hover, in every stylesheet of the app', () => {
    const files = Object.keys(STYLESHEETS);
    expect(files.length).toBeGreaterThan(10);
    const unguarded = files.flatMap((file) =>
      unguardedHovers(STYLESHEETS[file] ?? '').map((rule) => `${file}: ${rule}`),
    );
    expect(unguarded).toEqual([]);
  });
});
