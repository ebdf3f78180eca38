import { describe, expect, it } from 'vitest';
import * as contract from './index.ts';

describe('@pasado/core/contract', () => {
  // biome.json lets the web app's first-load code import from the contract only PascalCase names,
  // because Biome's noRestrictedImports cannot tell `import type` apart. That is sound while every
  // PascalCase name the contract exports is a type, which exists only at compile time.
  it('exports no PascalCase value, so a PascalCase import from it is a type', () => {
    const names = Object.keys(contract);
    expect(names.length).toBeGreaterThan(50);
    expect(names.filter((name) => /^[A-Z][a-z0-9][A-Za-z0-9]*$/.test(name))).toEqual([]);
  });
});
