// Contract for the learning API; filled in by the work on its issue.
export {};
