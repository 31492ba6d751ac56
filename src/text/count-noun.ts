/** `1 thread`, `2 threads`: a count with its noun in the right number (`plural` when not just `s`). */
export function countNoun(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}
