import { and, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  questions,
  quizAnswers,
  quizAttempts,
  sessionLogs,
  users,
} from '../../apps/server/src/platform/db/schema.ts';
import { animationsSettled, screenshot } from './helpers/chromium.ts';
import { useBrowserFixture } from './helpers/fixture.ts';
import { completeOnboarding, settledPath, signIn } from './helpers/session.ts';
import { seedSmallCrimBank } from './helpers/small-bank.ts';

/** A small, original Criminology bank: two subjects of nine items, and a two-part blueprint. */
const BANK = [
  [
    'law',
    'Which of these is an element of a felony under the Revised Penal Code?',
    ['Deceit or fault', 'Public outrage', 'Motive', 'Intent to gain'],
    0,
    'Article 3 of the Revised Penal Code defines felonies as acts or omissions punishable by law, committed by means of deceit (dolo) or fault (culpa).',
  ],
  [
    'law',
    'A person who takes direct part in the execution of a crime is a…',
    ['Principal', 'Accomplice', 'Accessory', 'Witness'],
    0,
    'Under Article 17, those who take a direct part in the execution of the act are principals.',
  ],
  [
    'law',
    'Which circumstance exempts from criminal liability?',
    [
      'Minority of 15 years and below',
      'Passion or obfuscation',
      'Voluntary surrender',
      'Intoxication',
    ],
    0,
    'A child 15 years of age or under at the time of the offense is exempt from criminal liability (RA 9344, as amended).',
  ],
  [
    'law',
    'Prescription of a crime refers to the loss of the State’s right to…',
    ['Prosecute the offender', 'Execute the sentence', 'Arrest without warrant', 'Grant probation'],
    0,
    'Prescription of the crime is the forfeiture of the right of the State to prosecute after a lapse of time.',
  ],
  [
    'law',
    'Self-defense is what kind of circumstance?',
    ['Justifying', 'Exempting', 'Mitigating', 'Aggravating'],
    0,
    'Self-defense is a justifying circumstance under Article 11: the act is lawful, so there is no crime and no liability.',
  ],
  [
    'law',
    'What writ protects a person against unlawful detention?',
    ['Habeas corpus', 'Certiorari', 'Mandamus', 'Quo warranto'],
    0,
    'The writ of habeas corpus inquires into the legality of a person’s detention.',
  ],
  [
    'sci',
    'Which ridge characteristic is an ending of a friction ridge?',
    ['Ending ridge', 'Bifurcation', 'Island', 'Delta'],
    0,
    'An ending ridge is a ridge that stops abruptly; a bifurcation splits in two.',
  ],
  [
    'sci',
    'Which fingerprint pattern is the most common?',
    ['Loop', 'Whorl', 'Arch', 'Accidental'],
    0,
    'Loops make up about 60–65% of all fingerprint patterns.',
  ],
  [
    'sci',
    'The study of firearms and ammunition in relation to crime is called…',
    ['Forensic ballistics', 'Toxicology', 'Dactyloscopy', 'Polygraphy'],
    0,
    'Forensic ballistics identifies firearms and ammunition used in crimes.',
  ],
  [
    'sci',
    'Which instrument records physiological changes during questioning?',
    ['Polygraph', 'Comparison microscope', 'Spectrograph', 'Chronograph'],
    0,
    'The polygraph records blood pressure, pulse, respiration and skin conductance.',
  ],
  [
    'sci',
    'Questioned document examination mainly studies…',
    ['Handwriting and documents', 'Blood spatter', 'Tool marks', 'Hair and fibers'],
    0,
    'Questioned document examination compares handwriting, signatures, inks and papers.',
  ],
  [
    'sci',
    'Which light source is commonly used to find latent body fluids?',
    ['Alternate light source', 'Sodium lamp', 'Halogen flood', 'Infrared heater'],
    0,
    'Alternate (forensic) light sources make many body fluids fluoresce.',
  ],
  // Three more per subject: the mock takes 6 of 9, so the bank fills it 1.5 times over and the
  // track is offered at onboarding (issue 12).
  [
    'law',
    'Which of these is a mitigating circumstance under the Revised Penal Code?',
    ['Voluntary surrender', 'Treachery', 'Evident premeditation', 'Recidivism'],
    0,
    'Article 13 lists voluntary surrender as mitigating; treachery, evident premeditation and recidivism are aggravating (Article 14).',
  ],
  [
    'law',
    'A felony whose offender began it by overt acts but did not perform all the acts of execution is…',
    ['Attempted', 'Frustrated', 'Consummated', 'Impossible'],
    0,
    'Article 6: a felony is attempted when the offender commences it directly by overt acts and does not perform all the acts of execution; frustrated when all are performed without the result.',
  ],
  [
    'law',
    'Who is an accessory to a crime?',
    [
      'One who, knowing of it, helps the principal escape after it is committed',
      'One who directly induces another to commit it',
      'One who takes a direct part in its execution',
      'One who cooperates by an act without which it would not have been done',
    ],
    0,
    'Article 19: accessories take part after the crime, for example by helping the principal escape; inducing and indispensable cooperation make one a principal (Article 17).',
  ],
  [
    'sci',
    'Which branch of forensic science studies poisons and drugs in the body?',
    ['Toxicology', 'Serology', 'Odontology', 'Entomology'],
    0,
    'Forensic toxicology detects and identifies poisons and drugs in body fluids and tissues.',
  ],
  [
    'sci',
    'The identification of persons by their fingerprints is called…',
    ['Dactyloscopy', 'Graphology', 'Ballistics', 'Anthropometry'],
    0,
    'Dactyloscopy is the science of fingerprint identification; anthropometry measured the body (the Bertillon system).',
  ],
  [
    'sci',
    'Which is a presumptive test for blood?',
    ['Kastle-Meyer (phenolphthalein) test', 'Marquis test', 'Duquenois-Levine test', 'Griess test'],
    0,
    'Kastle-Meyer turns pink with the peroxidase-like activity of haemoglobin; Marquis and Duquenois-Levine test for drugs, Griess for nitrites.',
  ],
] as const;

/** Long enough for the outbox's retries after a transient failure (1 + 3 + 10 s, then the send). */
const OUTBOX_SETTLED_MS = 30_000;

// Keys rotate so "A" is not always right.
const rotate = (choices: readonly string[], by: number) =>
  choices.map((_, i) => choices[(i + by) % choices.length] as string);

describe('quizzes in the browser', () => {
  // On the embedded PGlite whatever the run has: what `npm start` runs, end to end.
  const fx = useBrowserFixture('pglite');
  const db = () => fx.server.app.database.db;
  let seeded = false;

  async function seed() {
    if (seeded) return;
    seeded = true;
    await seedSmallCrimBank(db(), {
      questions: BANK.map(([subject, stem, choices, , rationale], i) => {
        const by = i % 4;
        const choicesRotated = rotate(choices, by);
        return {
          id: `crim-${subject}-${i}`,
          topicId: subject === 'law' ? 'crim-law-rpc' : 'crim-sci-lab',
          stem,
          choices: choicesRotated,
          answerIndex: (choices.length - by) % choices.length,
          rationale,
          distractorNotes: choicesRotated.map((c, k) =>
            k === (choices.length - by) % choices.length
              ? null
              : `“${c}” does not fit this definition.`,
          ),
        };
      }),
    });
  }

  async function keyFor(stem: string): Promise<number> {
    const [row] = await db().select().from(questions).where(eq(questions.stem, stem));
    if (!row) throw new Error(`no question ${stem}`);
    return row.answerIndex;
  }

  async function signedInStudent(page: Page, email: string) {
    await seed();
    await signIn(page, email);
    await completeOnboarding(page, /Criminology/);
    await settledPath(page, '/quiz');
  }

  const stemOf = async (page: Page) =>
    (await page.locator('.question__stem').first().textContent())?.trim() ?? '';
  const choiceButtons = (page: Page) => page.locator('.quiz__card .choice');

  it('lite quiz end to end: answer, rationale, summary with gems, retry the missed', async () => {
    const { page } = await fx.phone();
    const email = 'lite.student@example.com';
    await signedInStudent(page, email);

    await page.getByRole('heading', { name: 'Lite quiz' }).waitFor();
    await page.getByText('Revised Penal Code').count(); // home settled
    await screenshot(page, 'quiz-home');
    const [user] = await db().select().from(users).where(eq(users.email, email));
    await expect
      .poll(async () =>
        (
          await db()
            .select()
            .from(sessionLogs)
            .where(and(eq(sessionLogs.userId, user?.id ?? ''), eq(sessionLogs.type, 'analytics')))
        ).map((r) => r.payload),
      )
      .toEqual([
        {
          event: 'practice_page_open',
          params: { page_name: 'practice_page' },
          userId: user?.id,
          userProperties: { email, uid: user?.id },
        },
      ]);

    await page.getByRole('link', { name: 'Start lite quiz' }).click();
    await page.waitForURL(/\/quiz\/crim\/lite\?attempt=/);
    for (let n = 0; n < 10; n += 1) {
      await page.getByText(`Item ${n + 1} of 10`).waitFor();
      const key = await keyFor(await stemOf(page));
      const right = n < 6;
      await choiceButtons(page)
        .nth(right ? key : (key + 1) % 4)
        .click();
      await page.getByText(right ? 'Correct!' : /Not quite\. The answer is [A-D]\./).waitFor();
      await expect.poll(() => page.locator('.rationale__text').isVisible()).toBe(true);
      if (n === 6) {
        await expect.poll(() => page.locator('.rationale__note').isVisible()).toBe(true);
        await screenshot(page, 'quiz-lite-rationale');
        await page.emulateMedia({ colorScheme: 'dark' });
        await animationsSettled(page);
        await screenshot(page, 'quiz-lite-rationale-dark');
        await page.emulateMedia({ colorScheme: 'light' });
      }
      await page.getByRole('button', { name: n === 9 ? 'See summary' : 'Next item' }).click();
    }
    await page.getByRole('heading', { name: 'Quiz summary' }).waitFor();
    expect(await page.locator('.stat__value').allTextContents()).toEqual(['6/10', '60%', '+6']);
    await screenshot(page, 'quiz-lite-summary');
    const [after] = await db().select().from(users).where(eq(users.email, email));
    expect(after?.gemsCollection).toEqual({ emerald: 6 });

    await page.getByRole('link', { name: 'Retry the ones I missed' }).click();
    await page.waitForURL(/\/quiz\/crim\/lite\?attempt=/);
    await page.getByText('Item 1 of 4').waitFor();
    expect(await page.locator('.quiz__progress-text').textContent()).toBe('0/4');
  });

  const clockSeconds = async (page: Page) => {
    const text = (await page.getByTestId('clock').textContent()) ?? '';
    const [m, s] = text.split(':').map(Number);
    return (m ?? 0) * 60 + (s ?? 0);
  };

  it('a mock resumed after reload keeps its clock running; an answer given offline is sent when back', async () => {
    const { page, context } = await fx.phone();
    await signedInStudent(page, 'mock.student@example.com');

    await page.getByRole('link', { name: 'Start mock exam' }).click();
    await page.waitForURL(/\/quiz\/crim\/mock\?attempt=/);
    const attemptId = new URL(page.url()).searchParams.get('attempt') ?? '';
    await page.getByText('Item 1 of 12').waitFor();
    const startSeconds = await clockSeconds(page);
    expect(startSeconds).toBeGreaterThan(23 * 60);
    expect(startSeconds).toBeLessThanOrEqual(24 * 60);

    // Item 1 online.
    await choiceButtons(page)
      .nth(await keyFor(await stemOf(page)))
      .click();
    await page.getByText('All answers saved').waitFor();

    // Item 2 offline: kept on the device, shown as waiting, sent when the connection is back.
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByText('Item 2 of 12').waitFor();
    await context.setOffline(true);
    const stem2 = await stemOf(page);
    await choiceButtons(page)
      .nth(await keyFor(stem2))
      .click();
    await page.getByText('Offline: 1 will send when online').waitFor();
    const saved = () => db().select().from(quizAnswers).where(eq(quizAnswers.attemptId, attemptId));
    expect((await saved()).length).toBe(1);
    await context.setOffline(false);
    await page.getByText('All answers saved').waitFor({ timeout: OUTBOX_SETTLED_MS });
    expect((await saved()).length).toBe(2);

    // Close and come back: same attempt, the clock kept running meanwhile.
    const beforeReload = await clockSeconds(page);
    await page.waitForTimeout(2_000);
    await page.reload();
    await page.getByText('Item 1 of 12').waitFor();
    const afterReload = await clockSeconds(page);
    expect(afterReload).toBeLessThanOrEqual(beforeReload - 2);
    expect(afterReload).toBeGreaterThan(beforeReload - 30);
    expect(await page.locator('.quiz__progress-text').textContent()).toBe('2/12');

    // Flag item 3 and open the navigator.
    await page.getByRole('button', { name: /Questions/ }).click();
    await page.getByRole('button', { name: 'Item 3', exact: true }).click();
    await page.getByText('Item 3 of 12').waitFor();
    await page.getByRole('button', { name: '☆ Flag for review' }).click();
    await choiceButtons(page).nth(0).click();
    // Through the outbox: a write that meets a transient failure is sent again after 1, 3, then
    // 10 s, longer than a locator's default wait on a loaded machine.
    await page.getByText('All answers saved').waitFor({ timeout: OUTBOX_SETTLED_MS });
    await page.getByRole('button', { name: /Questions/ }).click();
    await page.getByRole('button', { name: 'Item 3, answered, flagged' }).waitFor();
    await page.locator('.navigator').scrollIntoViewIfNeeded();
    await screenshot(page, 'quiz-mock-navigator');

    // Answer the rest correctly and submit.
    await page.getByRole('button', { name: 'Item 4', exact: true }).click();
    for (let n = 4; n <= 12; n += 1) {
      await page.getByText(`Item ${n} of 12`).waitFor();
      await choiceButtons(page)
        .nth(await keyFor(await stemOf(page)))
        .click();
      if (n < 12) await page.getByRole('button', { name: 'Next', exact: true }).click();
    }
    await page.getByText('All answers saved').waitFor({ timeout: OUTBOX_SETTLED_MS });
    await page.locator('.quiz__nav').getByRole('button', { name: 'Submit exam' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('heading', { name: 'Your mock exam result' }).waitFor();
    const verdict = await page.getByTestId('verdict').textContent();
    expect(verdict === 'PASSED' || verdict === 'NOT PASSED').toBe(true);
    await screenshot(page, 'quiz-mock-result');
    await page.getByRole('button', { name: 'Review answers' }).click();
    await page.getByRole('heading', { name: 'Review' }).waitFor();
    await expect.poll(() => page.locator('.review__item .rationale').count()).toBeGreaterThan(0);
  }, 120_000);

  it('submits the mock at time up, with the answers saved until then', async () => {
    const { page } = await fx.phone();
    await signedInStudent(page, 'timeup.student@example.com');
    await page.getByRole('link', { name: 'Start mock exam' }).click();
    await page.waitForURL(/\/quiz\/crim\/mock\?attempt=/);
    const attemptId = new URL(page.url()).searchParams.get('attempt') ?? '';
    await page.getByText('Item 1 of 12').waitFor();
    await choiceButtons(page)
      .nth(await keyFor(await stemOf(page)))
      .click();
    await page.getByText('All answers saved').waitFor();

    // The exam is nearly over (as if started 24 minutes ago): the screen counts down and submits.
    await db()
      .update(quizAttempts)
      .set({ deadlineAt: new Date(Date.now() + 4_000) })
      .where(eq(quizAttempts.id, attemptId));
    await page.reload();
    await page.getByText('Item 1 of 12').waitFor();
    expect(await clockSeconds(page)).toBeLessThanOrEqual(4);
    await page.getByRole('heading', { name: 'Your mock exam result' }).waitFor({ timeout: 15_000 });
    await page.getByText('Time ran out, so we submitted your answers.').waitFor();
    expect(await page.getByTestId('verdict').textContent()).toBe('NOT PASSED');
    const [row] = await db().select().from(quizAttempts).where(eq(quizAttempts.id, attemptId));
    expect(row?.status).toBe('submitted');
    expect(row?.result).toMatchObject({ correct: 1, total: 12 });
  });
});
