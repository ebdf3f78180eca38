// Contract for the progress API; filled in by the work on its issue.
export {};
