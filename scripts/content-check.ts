// `npm run content:check` (issue 12 item 7): reads every bank in content/bank/, prints per
// reviewer and part what a mock draws from, and exits 1 on any problem, each named by its item (or
// part) id. The rules are core's (packages/core/src/content-check.ts); this file reads and prints.
// `--markdown` prints the README's content table and docs/exam-coverage.md's topic table instead.
// `--drafts` also reads content/drafts/ (items being written, not yet in a bank) beside the banks
// and only reports the cue figures (drafts are where the rewriting happens).
// content/same-point-allowed.json lists the pairs of items allowed to share a tested point.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  type CheckBank,
  type ContentProblem,
  checkContent,
  contentBundleSchema,
  type PartReport,
  percent,
} from '@pasado/core';
import { z } from 'zod';

const BANK_DIR = path.resolve(import.meta.dirname, '../content/bank');
const DRAFT_DIR = path.resolve(import.meta.dirname, '../content/drafts');
const ALLOWED_FILE = path.resolve(import.meta.dirname, '../content/same-point-allowed.json');
const markdown = process.argv.includes('--markdown');
const withDrafts = process.argv.includes('--drafts');

const jsonIn = (dir: string) =>
  (existsSync(dir) ? readdirSync(dir) : [])
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => path.join(dir, f));
const files = [...jsonIn(BANK_DIR), ...(withDrafts ? jsonIn(DRAFT_DIR) : [])];
const banks: CheckBank[] = [];
const schemaProblems: ContentProblem[] = [];
for (const file of files) {
  const raw: unknown = JSON.parse(readFileSync(file, 'utf8'));
  const parsed = contentBundleSchema.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [kind, index] = issue.path;
      const row = (raw as Record<string, { id?: string }[]>)[String(kind)]?.[Number(index)];
      schemaProblems.push({
        id: row?.id ?? path.basename(file),
        message: `${issue.path.join('.')}: ${issue.message}`,
      });
    }
    continue;
  }
  const { reviewer, ...rest } = parsed.data;
  banks.push({ reviewer: reviewer.shorthand, ...rest });
}

const allowedSchema = z.object({
  pairs: z.array(
    z.object({ ids: z.tuple([z.string(), z.string()]), reason: z.string().trim().min(1) }),
  ),
});
const allowed = existsSync(ALLOWED_FILE)
  ? allowedSchema.parse(JSON.parse(readFileSync(ALLOWED_FILE, 'utf8'))).pairs
  : [];

const report = checkContent(banks, {
  cues: withDrafts ? 'report' : 'enforce',
  samePointAllowed: allowed,
});
const problems = [...schemaProblems, ...report.problems];

const subjectOfTopic = new Map(banks.flatMap((b) => b.topics.map((t) => [t.id, t.subjectId])));
const studyItems = (kind: 'flashCards' | 'notes', subjects: readonly string[]) =>
  banks
    .flatMap((b) => b[kind])
    .filter((x) => subjects.includes(subjectOfTopic.get(x.topicId) ?? '')).length;
const partSubjects = (p: PartReport) => {
  if (p.major) return [p.major];
  const bank = banks.find((b) => b.reviewer === p.reviewer);
  const part = bank?.blueprints
    .find((b) => b.id === p.blueprintId)
    ?.spec.parts.find((x) => x.id === p.partId);
  return part?.subjectIds ?? [];
};
const subjectName = new Map(banks.flatMap((b) => b.subjects.map((x) => [x.id, x.name])));
/** "Specialization: English" names a major by its subject (whose name says it is one). */
const partLabel = (p: PartReport) => (p.major ? (subjectName.get(p.major) ?? p.major) : p.name);
const mix = (p: PartReport) => p.difficulty.join(' / ');
const whole = (share: number) => `${Math.round(share * 100)} %`;
/** "B 27 %": the letter "always pick the same letter" scores best with, and its score. */
const bestLetter = (p: PartReport) => {
  const scores = p.cues.alwaysLetter;
  const best = scores.reduce((b, score, i) => (score > (scores[b] ?? 0) ? i : b), 0);
  return `${String.fromCharCode(65 + best)} ${whole(scores[best] ?? 0)}`;
};

if (markdown) printMarkdown();
else printText();

if (problems.length > 0) {
  console.error(`\ncontent:check refuses the banks: ${problems.length} problem(s).`);
  for (const p of problems) console.error(`  ${p.id}: ${p.message}`);
  process.exit(1);
}
if (!markdown) console.info('\ncontent:check: no problem.');

function printText() {
  const questions = banks.reduce((n, b) => n + b.questions.length, 0);
  console.info(`content:check: ${files.length} banks, ${questions} questions`);
  for (const bank of banks) {
    const rows = report.parts.filter((p) => p.reviewer === bank.reviewer);
    console.info(`\n${bank.reviewer}: ${bank.questions.length} questions in its file`);
    if (rows.length === 0) continue;
    const table = [
      [
        'part',
        'mock',
        'needs',
        'active',
        'd1 / d2 / d3',
        'd3',
        'situational',
        'Filipino',
        'key longest',
        'clearly',
        'pick longest',
        'best letter',
      ],
      ...rows.map((p) => [
        partLabel(p),
        String(p.items),
        String(p.required),
        String(p.available),
        mix(p),
        percent(p.difficulty[2], p.available),
        percent(p.situational, p.available),
        p.filipino === null ? '' : percent(p.filipino, p.available),
        whole(p.cues.longestKey),
        whole(p.cues.clearlyLongestKey),
        whole(p.cues.alwaysLongest),
        bestLetter(p),
      ]),
    ];
    const widths = (table[0] ?? []).map((_, i) => Math.max(...table.map((r) => r[i]?.length ?? 0)));
    for (const row of table)
      console.info(
        `  ${row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  ')}`,
      );
    for (const p of rows.filter((r) => r.strands))
      console.info(`  ${partLabel(p)} strands, mock (active): ${strandFill(p, ', ')}`);
  }
  if (report.notices.length > 0) console.info('');
  for (const notice of report.notices) console.info(notice);
}

/** "English 15 (42)": what the mock takes from each strand, and its active items. */
function strandFill(p: PartReport, separator: string): string {
  return (p.strands ?? []).map((s) => `${s.name} ${s.items} (${s.available})`).join(separator);
}

function printMarkdown() {
  console.info(
    '| Reviewer | Part | Questions (mock needs) | Difficulty 1 / 2 / 3 | Situational | Key longest | Pick longest | Strand fill: mock (active) | Flash cards | Notes |',
  );
  console.info('| --- | --- | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: |');
  for (const bank of banks) {
    const rows = report.parts.filter((p) => p.reviewer === bank.reviewer);
    for (const p of rows)
      console.info(
        `| ${bank.reviewer} | ${partLabel(p)} | ${p.available} (${p.required}) | ${mix(p)} (${percent(p.difficulty[2], p.available)} hard) | ${percent(p.situational, p.available)} | ${whole(p.cues.longestKey)} | ${whole(p.cues.alwaysLongest)} | ${strandFill(p, '; ') || '—'} | ${studyItems('flashCards', partSubjects(p))} | ${studyItems('notes', partSubjects(p))} |`,
      );
    if (rows.length === 0)
      for (const subject of bank.subjects) {
        const items = bank.questions.filter((q) => subjectOfTopic.get(q.topicId) === subject.id);
        const at = (level: number) => items.filter((q) => q.difficulty === level).length;
        const situational = items.filter((q) => q.situational).length;
        console.info(
          `| ${bank.reviewer} | ${subject.name} (no mock yet) | ${items.length} | ${at(1)} / ${at(2)} / ${at(3)} (${percent(at(3), items.length)} hard) | ${percent(situational, items.length)} | | | — | ${studyItems('flashCards', [subject.id])} | ${studyItems('notes', [subject.id])} |`,
        );
      }
  }
  console.info('\n| Reviewer | Subject | Topic | Questions | In the mock |');
  console.info('| --- | --- | --- | ---: | --- |');
  for (const t of report.topics)
    console.info(
      `| ${t.reviewer} | ${t.subjectId} | ${t.name} | ${t.questions} | ${t.partId ?? 'practice only'} |`,
    );
}
