import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * A Vitest sequencer that starts the named files first, in the order given, then the rest as Vitest
 * orders them. Without Vitest's cache of earlier durations (a fresh clone, as on CI) Vitest starts the
 * largest files first; a short file that runs long (the crash tests: 280 lines, minutes of server
 * restarts) then starts last and runs alone while the other worker waits. Started first, it runs
 * next to the others. Only the order changes: every file still runs, each as before.
 */
export function longestFirst(first: readonly string[]) {
  const rank = (spec: TestSpecification) => {
    const id = spec.moduleId.replaceAll('\\', '/');
    const index = first.findIndex((name) => id.endsWith(`/${name}`));
    return index === -1 ? first.length : index;
  };
  return class LongestFirst extends BaseSequencer {
    override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
      const sorted = await super.sort(files);
      // Array.prototype.sort is stable: the rest keep Vitest's order.
      return sorted.sort((a, b) => rank(a) - rank(b));
    }
  };
}
