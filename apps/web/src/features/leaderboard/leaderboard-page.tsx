import { PlaceholderPage } from '../../components/placeholder-page.tsx';

/** /leaderboard, its empty-path child (SPEC §2): the leaderboard dashboard, with the menu. */
export function LeaderboardDashboardPage() {
  return (
    <PlaceholderPage
      title="Leaderboard"
      description="How your points rank against other reviewees this season and this week."
    />
  );
}
