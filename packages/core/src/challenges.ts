// Rules for challenges; filled in by the work on its issue.
export {};
