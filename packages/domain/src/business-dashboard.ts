// Rules for the business's dashboard (issue 4): being written.
export {};
