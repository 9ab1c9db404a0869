/** "[##########----------]  5/10  50%  I-ABC applied" for an operator's terminal. */
export function progressLine(done: number, total: number, note = '', width = 30): string {
  const ratio = total === 0 ? 1 : Math.min(1, done / total);
  const filled = Math.round(ratio * width);
  const count = `${String(done).padStart(String(total).length)}/${total}`;
  const percent = `${Math.floor(ratio * 100)}%`.padStart(4);
  return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${count} ${percent}${note ? `  ${note}` : ''}`;
}
