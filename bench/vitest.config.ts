import { defineConfig } from 'vitest/config';

/** The benchmark suite's own rules (budgets, the quick gate, the dataset's sizes); not the benchmarks. */
export default defineConfig({
  test: { name: 'bench', include: ['lib/**/*.test.ts'], environment: 'node', isolate: false },
});
