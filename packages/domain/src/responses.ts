// Response (quote) schemas and rules for businesses: written with the respond work (issue 4).
export {};
