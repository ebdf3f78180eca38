import { PATHS } from '@pasado/core';
import { useParams } from 'react-router';
import { PlaceholderPage } from '../../components/placeholder-page.tsx';
import { StandalonePage } from '../../components/standalone-page.tsx';

type Mode = 'lite' | 'mock';

const COPY: Record<Mode, { title: string; description: string }> = {
  lite: {
    title: 'Lite quiz',
    description: 'A short practice set; after each item you see the answer and why it is right.',
  },
  mock: {
    title: 'Mock exam',
    description:
      'A timed exam that follows the real blueprint, rated per part against the passing rule.',
  },
};

/** /quiz/:reviewer/lite and /quiz/:reviewer/mock (SPEC §2): one quiz screen, without the menu. */
function QuizScreen({ mode }: { mode: Mode }) {
  const { reviewer = '' } = useParams();
  const copy = COPY[mode];
  return (
    <StandalonePage backTo={PATHS.quiz} backLabel="Back to Quiz">
      <PlaceholderPage
        title={`${copy.title}: ${reviewer.toUpperCase()}`}
        description={copy.description}
      />
    </StandalonePage>
  );
}

export function LiteQuizPage() {
  return <QuizScreen mode="lite" />;
}

export function MockExamPage() {
  return <QuizScreen mode="mock" />;
}
