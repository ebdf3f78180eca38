import { PlaceholderPage } from '../../components/placeholder-page.tsx';

/** /study (SPEC §2): the study launcher, with the menu. */
export function StudyLauncherPage() {
  return (
    <PlaceholderPage
      title="Study"
      description="Open flash cards, reading notes, listen mode or a quick drill for your reviewer."
    />
  );
}
