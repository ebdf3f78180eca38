import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type ContentBundle, contentBundleSchema } from '@pasado/core';

export const FIXTURES = path.join(import.meta.dirname, 'fixtures');

export const fixtureText = (name: string) => readFileSync(path.join(FIXTURES, name), 'utf8');

/** The small JSON fixture as a validated bundle, changed by `edit` first (a fresh copy each call). */
// biome-ignore lint/suspicious/noExplicitAny: tests reshape the raw JSON freely before validation.
export function smallBundle(edit: (raw: Record<string, any>) => void = () => {}): ContentBundle {
  const raw = JSON.parse(fixtureText('small.json'));
  edit(raw);
  return contentBundleSchema.parse(raw);
}

export const counts = (created: number, updated: number, unchanged: number) => ({
  created,
  updated,
  unchanged,
});
