import { PlaceholderPage } from '../../components/placeholder-page.tsx';

/** /tasks (SPEC §2): the tasks dashboard, with the menu. */
export function TasksPage() {
  return (
    <PlaceholderPage
      title="Tasks"
      description="Your streak and mastery challenges, and the rewards and drill points waiting to be claimed."
    />
  );
}
