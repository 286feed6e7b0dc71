// Rules for the business's opportunities (issue 4): being written.
export {};
