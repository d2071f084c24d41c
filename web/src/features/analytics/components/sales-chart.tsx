import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { useRef } from 'react';
import { useLanguage } from '../../../lib/use-language';
import { useElementWidth } from '../hooks/use-element-width';
import type { AnalyticsFormat } from '../hooks/use-analytics-format';
import { labelledIndexes, niceTicks } from '../lib/chart-scale';
import type { SalesSeries } from '../lib/sales-series';

interface SalesChartProps {
  series: SalesSeries;
  format: AnalyticsFormat;
  /** Id of the element naming the chart (its heading). */
  labelledBy: string;
  /** Id of the element summing it up in words (the text alternative). */
  describedBy: string;
}

const AXIS_WIDTH = 56;
const EDGE = 10;
const TOP = 12;
const BOTTOM = 28;

/**
 * Revenue per day (or month, or year) as bars, drawn in SVG at the container's width. Time runs
 * in the reading direction: left to right in English, right to left in Arabic, with the value
 * axis on the reading-start side. One image for assistive technology, named by the card's
 * heading and described by the summary under it; the figures themselves are in the table.
 */
export function SalesChart({ series, format, labelledBy, describedBy }: SalesChartProps) {
  const theme = useTheme();
  const { direction } = useLanguage();
  const rtl = direction === 'rtl';
  const containerRef = useRef<HTMLDivElement>(null);
  const width = useElementWidth(containerRef, 640);
  const height = width < 480 ? 200 : 240;

  const { points, granularity } = series;
  const plotStart = rtl ? EDGE : AXIS_WIDTH;
  const plotEnd = rtl ? width - AXIS_WIDTH : width - EDGE;
  const plotWidth = Math.max(1, plotEnd - plotStart);
  const plotBottom = height - BOTTOM;
  const plotHeight = plotBottom - TOP;

  // Heights are ratios: the one place money becomes a float.
  const values = points.map(({ cents }) => Number(cents) / 100);
  const ticks = niceTicks(Math.max(0, ...values));
  const scaleTop = ticks[ticks.length - 1];
  const yOf = (value: number) => plotBottom - (Math.max(0, value) / scaleTop) * plotHeight;

  const slot = plotWidth / Math.max(1, points.length);
  const barWidth = Math.max(1, Math.min(slot * 0.7, 40));
  const centreOf = (index: number) => (rtl ? plotEnd - (index + 0.5) * slot : plotStart + (index + 0.5) * slot);
  const labelled = labelledIndexes(points.length, plotWidth, granularity === 'day' ? 68 : 84);
  const labelInset = 26;

  const axisText = {
    fill: theme.palette.text.secondary,
    fontSize: 11,
    fontFamily: theme.typography.fontFamily,
    direction,
  } as const;

  return (
    <Box ref={containerRef} sx={{ width: '100%', minWidth: 0 }}>
      <svg
        role="img"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        width={width}
        height={height}
        viewBox={`0 0 ${width} ${height}`}
        style={{ display: 'block', maxWidth: '100%', overflow: 'visible' }}
        data-testid="sales-chart"
        data-direction={direction}
      >
        <g aria-hidden>
          {ticks.map((tick) => {
            const y = yOf(tick);
            return (
              <g key={tick}>
                <line
                  x1={plotStart}
                  x2={plotEnd}
                  y1={y}
                  y2={y}
                  stroke={theme.palette.divider}
                  strokeDasharray={tick === 0 ? undefined : '3 4'}
                />
                <text
                  x={rtl ? plotEnd + 8 : plotStart - 8}
                  y={y}
                  dominantBaseline="middle"
                  textAnchor="end"
                  style={axisText}
                >
                  {format.compact(tick)}
                </text>
              </g>
            );
          })}
          {points.map((point, index) => {
            const value = values[index];
            if (value <= 0) return null;
            const y = yOf(value);
            return (
              <rect
                key={point.key}
                data-testid="sales-bar"
                data-key={point.key}
                x={centreOf(index) - barWidth / 2}
                y={y}
                width={barWidth}
                height={Math.max(1, plotBottom - y)}
                rx={Math.min(3, barWidth / 2)}
                fill={theme.palette.primary.main}
              >
                <title>{`${format.bucket(point.start, granularity)}: ${format.money(point.revenue)}`}</title>
              </rect>
            );
          })}
          {labelled.map((index) => {
            const point = points[index];
            const x = Math.min(Math.max(centreOf(index), plotStart + labelInset), plotEnd - labelInset);
            return (
              <text key={point.key} x={x} y={height - 8} textAnchor="middle" style={axisText} data-testid="sales-label">
                {format.bucket(point.start, granularity)}
              </text>
            );
          })}
        </g>
      </svg>
    </Box>
  );
}
