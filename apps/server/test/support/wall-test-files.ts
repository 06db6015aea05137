/**
 * module-walls.test.ts writes throwaway modules and files into apps/server/src while it runs
 * (`__wall_test_a__`, `__wall_test__.ts`): the guards that read the source tree leave them out, since
 * they may vanish between listing and reading when the test files run in parallel.
 */
export const isWallTestFile = (name: string) => name.startsWith('__wall_test');
