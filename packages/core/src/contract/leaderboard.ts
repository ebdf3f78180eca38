// Contract for the leaderboard API; filled in by the work on its issue.
export {};
