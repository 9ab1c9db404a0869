/**
 * A sparkline: one path in an SVG image named by `label` (its text alternative), with a pixel of
 * room around it so the stroke is never clipped (a tooltip of the label too with `withTitle`, where no
 * element around it has one). Callers compute the path for `width` × `height`.
 */
export function SparklineSvg({
  label,
  path,
  width,
  height,
  stroke,
  testId,
  withTitle = false,
}: {
  label: string;
  path: string;
  width: number;
  height: number;
  stroke: string;
  testId?: string;
  withTitle?: boolean;
}) {
  return (
    <svg
      role="img"
      aria-label={label}
      width={width}
      height={height}
      viewBox={`-1 -2 ${width + 2} ${height + 4}`}
      data-testid={testId}
    >
      {withTitle && <title>{label}</title>}
      <path d={path} fill="none" stroke={stroke} strokeWidth={1.5} />
    </svg>
  );
}
