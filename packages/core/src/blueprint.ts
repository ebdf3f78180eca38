// Rules for blueprint; filled in by the work on its issue.
export {};
