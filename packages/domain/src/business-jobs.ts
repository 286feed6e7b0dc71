// Rules for the business's jobs (issue 4): being written.
export {};
