// Rules for reviewing payments in the staff console; filled in by the work on its issue.
export {};
