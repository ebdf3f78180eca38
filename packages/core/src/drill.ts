// Rules for drill; filled in by the work on its issue.
export {};
