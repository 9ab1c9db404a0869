/**
 * The metric names a PromQL expression reads: what is left once strings, label matchers, range and
 * offset durations, grouping clauses, functions, keywords and numbers are taken out. Enough for the
 * expressions of deploy/prometheus/alerts.yml and deploy/grafana/ (not a PromQL parser).
 */
const KEYWORDS = new Set(['and', 'or', 'unless', 'bool', 'offset', 'by', 'without', 'on', 'ignoring']);

export function metricNamesOf(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, '""')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ')
    .replace(/\$\w+/g, ' ');
  const names = new Set<string>();
  for (const match of bare.matchAll(/[a-zA-Z_:][a-zA-Z0-9_:]*/g)) {
    const rest = bare.slice(match.index + match[0].length);
    if (/^\s*\(/.test(rest) || KEYWORDS.has(match[0]) || /^(e|inf|nan)$/i.test(match[0])) continue;
    if (/\d$/.test(bare.slice(0, match.index))) continue; // the unit of a number (1e3)
    names.add(match[0]);
  }
  return [...names];
}
