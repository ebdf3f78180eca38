import { PlaceholderPage } from '../../components/placeholder-page.tsx';

/** /quiz (SPEC §2): the quiz home, with the menu. Its content arrives with the quiz issue. */
export function QuizHomePage() {
  return (
    <PlaceholderPage
      title="Quiz"
      description="Choose your reviewer and take a short lite quiz with answers explained, or a full timed mock exam."
    />
  );
}
