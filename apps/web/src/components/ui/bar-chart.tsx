import { useContainerWidth } from './time-chart';

export interface BarSeries {
  key: string;
  label: string;
  /** Any SVG colour. */
  color: string;
  /** One value per category, in category order. */
  values: readonly number[];
  formatValue: (value: number) => string;
}

interface BarChartProps {
  /** The chart's accessible name (role img + aria-label). */
  label: string;
  /** The x axis: one label per bar position (e.g. dates). */
  categories: readonly string[];
  series: readonly BarSeries[];
}

const PANEL_HEIGHT = 110;
const PANEL_GAP = 34;
const LEFT = 36;
const RIGHT = 36;
const TOP = 22;
const AXIS_HEIGHT = 24;
const MAX_AXIS_LABELS = 8;

/** Two decimals are plenty for pixels and keep the markup free of float noise. */
const px = (value: number) => Math.round(value * 100) / 100;

/**
 * Bars of several series over the same categories, drawn as small multiples: one panel per series, each on its
 * own scale, because clicks, money and a per-click ratio differ by orders of magnitude and would flatten each
 * other on a shared axis. Each bar has a tooltip; a legend names the series.
 */
export function BarChart({ label, categories, series }: BarChartProps) {
  // Laid out at its container's width, not scaled from a fixed one: scaled down to a phone, 11 px labels drew at 4 px.
  const { ref, width } = useContainerWidth();
  const plotWidth = Math.max(1, width - LEFT - RIGHT);
  const band = categories.length > 0 ? plotWidth / categories.length : plotWidth;
  const barWidth = Math.max(1, Math.min(band * 0.7, 48));
  const height = TOP + series.length * (PANEL_HEIGHT + PANEL_GAP) - PANEL_GAP + AXIS_HEIGHT;
  // About one date label per 100 px, so the labels never run into each other on a phone.
  const labelEvery = Math.max(1, Math.ceil(categories.length / Math.min(MAX_AXIS_LABELS, Math.floor(width / 100))));
  const axisY = height - AXIS_HEIGHT + 14;

  return (
    <figure className="space-y-3">
      <div ref={ref}>
        <svg
          role="img"
          aria-label={label}
          width={width}
          height={height}
          viewBox={`0 0 ${width} ${height}`}
          className="h-auto w-full"
          preserveAspectRatio="xMidYMid meet"
        >
          {series.map((entry, seriesIndex) => {
            const panelTop = TOP + seriesIndex * (PANEL_HEIGHT + PANEL_GAP);
            const baseline = panelTop + PANEL_HEIGHT;
            const max = Math.max(0, ...entry.values);
            const scale = max > 0 ? PANEL_HEIGHT / max : 0;
            return (
              <g key={entry.key}>
                <text x={LEFT} y={panelTop - 8} className="fill-slate-600" fontSize="12" fontWeight="600">
                  {`${entry.label} (max ${entry.formatValue(max)})`}
                </text>
                <line x1={LEFT} x2={width - RIGHT} y1={baseline} y2={baseline} stroke="#cbd5e1" strokeWidth="1" />
                {entry.values.map((value, index) => {
                  const barHeight = Math.max(0, value * scale);
                  const category = categories[index] ?? '';
                  return (
                    <rect
                      key={category === '' ? index : category}
                      x={px(LEFT + index * band + (band - barWidth) / 2)}
                      y={px(baseline - barHeight)}
                      width={px(barWidth)}
                      height={px(barHeight)}
                      fill={entry.color}
                      rx={Math.min(3, barWidth / 4)}
                    >
                      <title>{`${category}: ${entry.label} ${entry.formatValue(value)}`}</title>
                    </rect>
                  );
                })}
              </g>
            );
          })}
          {categories.map((category, index) =>
            index % labelEvery === 0 ? (
              <text
                key={category}
                x={px(LEFT + index * band + band / 2)}
                y={axisY}
                textAnchor="middle"
                fontSize="11"
                className="fill-slate-500"
              >
                {category}
              </text>
            ) : null,
          )}
        </svg>
      </div>
      <figcaption>
        <ul aria-label="Legend" className="flex flex-wrap gap-4 text-sm text-slate-700">
          {series.map((entry) => (
            <li key={entry.key} className="flex items-center gap-2">
              <span
                aria-hidden="true"
                className="inline-block h-3 w-3 rounded-sm"
                style={{ backgroundColor: entry.color }}
              />
              {entry.label}
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
