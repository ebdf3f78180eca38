// Contract for the messages API; filled in by the work on its issue.
export {};
