// Contract for the admin API; filled in by the work on its issue.
export {};
