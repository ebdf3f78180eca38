// Contract for the study API; filled in by the work on its issue.
export {};
