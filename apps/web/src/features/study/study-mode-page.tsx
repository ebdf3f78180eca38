import { PATHS } from '@pasado/core';
import { useParams } from 'react-router';
import { PlaceholderPage } from '../../components/placeholder-page.tsx';
import { StandalonePage } from '../../components/standalone-page.tsx';

type Mode = 'flash' | 'read' | 'listen' | 'drill';

const COPY: Record<Mode, { title: string; description: string }> = {
  flash: {
    title: 'Flash cards',
    description: 'Cards come back when you are about to forget them.',
  },
  read: { title: 'Read', description: 'The notes for each topic of your reviewer.' },
  listen: { title: 'Listen', description: 'Notes and cards read aloud, for review on the go.' },
  drill: { title: 'Drill', description: 'A fast, timed run of questions that earns drill points.' },
};

/** /study/:reviewer/{flash,read,listen,drill} (SPEC §2): study modes, without the menu. */
function StudyMode({ mode }: { mode: Mode }) {
  const { reviewer = '' } = useParams();
  const copy = COPY[mode];
  return (
    <StandalonePage backTo={PATHS.study} backLabel="Back to Study">
      <PlaceholderPage
        title={`${copy.title}: ${reviewer.toUpperCase()}`}
        description={copy.description}
      />
    </StandalonePage>
  );
}

export const FlashPage = () => <StudyMode mode="flash" />;
export const ReadPage = () => <StudyMode mode="read" />;
export const ListenPage = () => <StudyMode mode="listen" />;
export const DrillPage = () => <StudyMode mode="drill" />;
