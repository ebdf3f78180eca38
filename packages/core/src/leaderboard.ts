// Rules for leaderboard; filled in by the work on its issue.
export {};
