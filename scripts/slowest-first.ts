import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * A sequencer that starts the named files first, in the order given, then the rest in vitest's own order. On a clean
 * clone vitest has no timings of an earlier run and orders files by size, so a slow small file could start last and
 * run alone while the other worker sits idle; naming the slowest keeps both workers busy to the end (docs/testing.md).
 */
export function slowestFirst(slowest: string[]) {
  return class SlowestFirst extends BaseSequencer {
    override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
      const sorted = await super.sort(files);
      const rank = (file: TestSpecification) => {
        const index = slowest.findIndex((name) => file.moduleId.endsWith(name));
        return index === -1 ? slowest.length : index;
      };
      // Array.prototype.sort is stable: the rest keep vitest's order.
      return sorted.sort((a, b) => rank(a) - rank(b));
    }
  };
}
