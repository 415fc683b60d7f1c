import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';

export interface TimeChartPoint {
  /** The x label (a date). */
  label: string;
  value: number;
  /** What the tooltip and screen readers call the period, when it is more than its date ('week of 23 Nov 2026'). */
  name?: string;
  /**
   * Set when the period is only partly in the range ('partial: 3 of 7 days'): its bar is drawn paler with a dashed
   * outline, and the tooltip says so, so a short first week does not read as a drop.
   */
  partial?: string | null;
}

/** A period as the tooltip and screen readers name it: 'week of 23 Nov 2026 (partial: 3 of 7 days)'. */
function periodName(point: TimeChartPoint): string {
  const name = point.name ?? point.label;
  return point.partial ? `${name} (${point.partial})` : name;
}

interface TimeChartProps {
  /** The chart's accessible name. */
  label: string;
  /** What the values are ("Clicks"), shown in the tooltip. */
  seriesLabel: string;
  points: readonly TimeChartPoint[];
  formatValue: (value: number) => string;
  /** A shorter form for the y axis (e.g. cents instead of six decimals). */
  formatTick?: (value: number) => string;
  color?: string;
}

const DEFAULT_WIDTH = 800;
const HEIGHT = 260;
const TOP = 16;
const BOTTOM = 28;
const RIGHT = 12;
/** Pixels per x label: fewer labels on a phone, never overlapping. */
const X_LABEL_SPACING = 84;
const Y_TICKS = 5;

const px = (value: number) => Math.round(value * 100) / 100;

/**
 * Round tick values from 0 to at least `max` (1, 2, 2.5 or 5 times a power of ten apart), so gridlines fall on
 * numbers a reader can add up.
 */
export function niceTicks(max: number, count = Y_TICKS): number[] {
  if (!(max > 0)) return [0, 1];
  const rough = max / (count - 1);
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = ([1, 2, 2.5, 5, 10].find((factor) => factor * power >= rough) ?? 10) * power;
  const ticks: number[] = [];
  for (let tick = 0; tick < max + step / 2 && ticks.length <= count + 1; tick += step) ticks.push(tick);
  if ((ticks.at(-1) ?? 0) < max) ticks.push(ticks.length * step);
  return ticks.map((tick) => Number(tick.toPrecision(12)));
}

/** The width the chart is laid out at: its container's, so text stays at its real pixel size on a phone. */
export function useContainerWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(DEFAULT_WIDTH);
  // Before the first paint: drawn at the default width first, a phone's chart was wider than the page for a frame.
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measured = Math.round(element.getBoundingClientRect().width);
    if (measured > 0) setWidth(measured);
    // jsdom (tests) has no ResizeObserver: the default width serves.
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const measured = entry?.contentRect.width ?? 0;
      if (measured > 0) setWidth(Math.round(measured));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

/**
 * A bar chart over time with a y axis, gridlines and an x axis of dates, drawn at its container's width. Each
 * period is a button laid over its bar: hover, keyboard focus and a tap all show the period's value in a
 * tooltip (touch has no hover), and screen readers hear the same text as the button's name. The periods take
 * one Tab stop, not ninety: arrow keys move between them.
 */
export function TimeChart({ label, seriesLabel, points, formatValue, formatTick, color = '#4f46e5' }: TimeChartProps) {
  const { ref, width } = useContainerWidth();
  const tooltipId = useId();
  const [active, setActive] = useState<number | null>(null);
  // One period is in the tab order (the last one touched); arrow keys move between periods, Home and End jump.
  const [current, setCurrent] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const focusable = Math.min(current, Math.max(0, points.length - 1));
  const moveTo = (index: number) => {
    const next = Math.min(Math.max(index, 0), points.length - 1);
    setCurrent(next);
    buttons.current[next]?.focus();
  };
  const handleKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const target = { ArrowLeft: index - 1, ArrowRight: index + 1, Home: 0, End: points.length - 1 }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    moveTo(target);
  };
  const tick = formatTick ?? formatValue;

  const max = Math.max(0, ...points.map((point) => point.value));
  const ticks = niceTicks(max);
  const top = ticks.at(-1) ?? 1;
  const left = Math.min(96, Math.max(40, Math.max(...ticks.map((value) => tick(value).length)) * 7 + 10));
  const plotWidth = Math.max(1, width - left - RIGHT);
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const band = plotWidth / Math.max(1, points.length);
  const barWidth = Math.max(1, Math.min(band * 0.7, 48));
  const y = (value: number) => TOP + plotHeight - (value / top) * plotHeight;
  const labelEvery = Math.max(1, Math.ceil(points.length / Math.max(1, Math.floor(plotWidth / X_LABEL_SPACING))));
  const activePoint = active === null ? undefined : points[active];
  const describe = (point: TimeChartPoint) => `${periodName(point)}: ${seriesLabel} ${formatValue(point.value)}`;

  return (
    <div ref={ref} className="relative w-full" onPointerLeave={() => setActive(null)}>
      <svg
        role="img"
        aria-label={label}
        width={width}
        height={HEIGHT}
        viewBox={`0 0 ${width} ${HEIGHT}`}
        className="block w-full"
      >
        <g data-axis="y">
          {ticks.map((value) => (
            <g key={value}>
              <line
                data-gridline=""
                x1={left}
                x2={width - RIGHT}
                y1={px(y(value))}
                y2={px(y(value))}
                stroke={value === 0 ? '#94a3b8' : '#e2e8f0'}
                strokeWidth="1"
              />
              <text x={left - 6} y={px(y(value)) + 4} textAnchor="end" fontSize="12" className="fill-slate-600">
                {tick(value)}
              </text>
            </g>
          ))}
        </g>
        {points.map((point, index) => {
          const barHeight = Math.max(0, y(0) - y(point.value));
          return (
            <rect
              key={point.label}
              x={px(left + index * band + (band - barWidth) / 2)}
              y={px(y(0) - barHeight)}
              width={px(barWidth)}
              height={px(barHeight)}
              rx={Math.min(3, barWidth / 4)}
              fill={color}
              fillOpacity={point.partial ? 0.4 : 1}
              stroke={point.partial ? color : undefined}
              strokeDasharray={point.partial ? '3 2' : undefined}
              data-partial={point.partial ? '' : undefined}
              opacity={active === null || active === index ? 1 : 0.45}
            />
          );
        })}
        <g data-axis="x">
          {points.map((point, index) =>
            index % labelEvery === 0 ? (
              <text
                key={point.label}
                x={px(left + index * band + band / 2)}
                y={HEIGHT - 8}
                textAnchor="middle"
                fontSize="12"
                className="fill-slate-600"
              >
                {point.label}
              </text>
            ) : null,
          )}
        </g>
      </svg>
      {/* One button per period over the whole height of its band: a large target for a finger. */}
      {/* Placed by its insets, not a width: it never reaches past the chart, even before the width is measured. */}
      <div className="absolute flex" style={{ left, right: RIGHT, top: TOP, bottom: BOTTOM }}>
        {points.map((point, index) => (
          <button
            key={point.label}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            type="button"
            tabIndex={index === focusable ? 0 : -1}
            aria-label={describe(point)}
            aria-describedby={active === index ? tooltipId : undefined}
            className="h-full min-w-0 flex-1 rounded-sm focus-visible:outline-2 focus-visible:outline-indigo-600"
            onPointerEnter={() => setActive(index)}
            onFocus={() => {
              setActive(index);
              setCurrent(index);
            }}
            onBlur={() => setActive(null)}
            onClick={() => setActive(index)}
            onKeyDown={(event) => handleKeyDown(event, index)}
          />
        ))}
      </div>
      {activePoint && active !== null ? (
        <div
          id={tooltipId}
          role="tooltip"
          className="pointer-events-none absolute z-20 -translate-x-1/2 rounded-md bg-slate-900 px-2 py-1 text-xs font-medium whitespace-nowrap text-white shadow-lg"
          style={{
            left: Math.min(Math.max(left + active * band + band / 2, 70), width - 70),
            top: Math.max(0, y(activePoint.value) - 40),
          }}
        >
          <span className="block bg-slate-900 text-slate-300">{periodName(activePoint)}</span>
          {`${seriesLabel}: ${formatValue(activePoint.value)}`}
        </div>
      ) : null}
    </div>
  );
}
