import { z } from 'zod';

/**
 * Zod compiles fast parsers with `new Function`, after probing whether it may. Our Content Security
 * Policy forbids eval, so the probe only ever raised a CSP violation report (Lighthouse's best
 * practices counted it on every page). Imported first by main.tsx: Zod decides when each object
 * schema is created, and the shared schemas are created as their modules load.
 */
z.config({ jitless: true });
