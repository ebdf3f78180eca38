// The key standard (issue 24 item 6): every new or rewritten item is solved by an independent pass
// that has not seen its key. `blind` writes the items of content files without keys, rationales or
// notes, for the solver; `compare` holds the solver's answers against the keys and lists every
// disagreement, to be resolved before the items land.
//
//   node --import tsx scripts/content-blind.ts blind <out.json> <bundle.json>… [--ids-file <f>]
//   node --import tsx scripts/content-blind.ts compare <answers.json> <bundle.json>…
//
// answers.json: { "answers": [ { "id": "…", "choice": 0, "note": "optional" } ] } (choice 0-based).
import { readFileSync, writeFileSync } from 'node:fs';

type Question = {
  id: string;
  topicId: string;
  stem: string;
  choices: string[];
  answerIndex: number;
};

const [command, target, ...rest] = process.argv.slice(2);
const idsFlag = rest.indexOf('--ids-file');
const idsFile = idsFlag >= 0 ? rest[idsFlag + 1] : undefined;
const bundles = rest.filter((_, i) => idsFlag < 0 || (i !== idsFlag && i !== idsFlag + 1));
if (!command || !target || bundles.length === 0) {
  console.error(
    'usage: content-blind.ts blind <out.json> <bundle.json>… [--ids-file f] | compare <answers.json> <bundle.json>…',
  );
  process.exit(2);
}

const questions: Question[] = bundles.flatMap(
  (file) => (JSON.parse(readFileSync(file, 'utf8')) as { questions?: Question[] }).questions ?? [],
);
const wanted = idsFile
  ? new Set(
      readFileSync(idsFile, 'utf8')
        .split(/\s+/)
        .filter((id) => id !== ''),
    )
  : null;
const chosen = wanted ? questions.filter((q) => wanted.has(q.id)) : questions;

if (command === 'blind') {
  const items = chosen.map(({ id, topicId, stem, choices }) => ({ id, topicId, stem, choices }));
  writeFileSync(target, `${JSON.stringify({ items }, null, 2)}\n`);
  console.info(`${items.length} items written without keys to ${target}`);
} else if (command === 'compare') {
  const { answers } = JSON.parse(readFileSync(target, 'utf8')) as {
    answers: { id: string; choice: number; note?: string }[];
  };
  const byId = new Map(questions.map((q) => [q.id, q]));
  const letter = (i: number) => String.fromCharCode(65 + i);
  let agreed = 0;
  const disagreements: string[] = [];
  for (const a of answers) {
    const q = byId.get(a.id);
    if (!q) {
      disagreements.push(`${a.id}: not in the bundles given`);
      continue;
    }
    if (q.answerIndex === a.choice) agreed += 1;
    else
      disagreements.push(
        `${a.id}: key ${letter(q.answerIndex)}, solver ${letter(a.choice)}${a.note ? ` (${a.note})` : ''}`,
      );
  }
  const answered = new Set(answers.map((a) => a.id));
  const unanswered = (wanted ? chosen : questions).filter((q) => !answered.has(q.id));
  console.info(`${agreed} of ${answers.length} agree; ${unanswered.length} not answered`);
  for (const line of disagreements) console.info(`  ${line}`);
  for (const q of unanswered.slice(0, 20)) console.info(`  ${q.id}: not answered`);
  process.exit(disagreements.length > 0 || unanswered.length > 0 ? 1 : 0);
} else {
  console.error(`unknown command ${command}`);
  process.exit(2);
}
