import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import ReactEChartsCore from 'echarts-for-react/esm/core';

// Only the chart types the dashboard draws, so the console chunk stays small.
echarts.use([BarChart, LineChart, PieChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

type Axis = { type?: string; data?: string[] };
type Series = { data?: (number | { name: string; value: number })[] };

/** The label and value of each point the chart draws: a pie's slices, or a category axis against the first series. */
export function chartRows(option: Record<string, unknown>): [string, number][] {
  const series = ((option.series as Series[] | undefined) ?? [])[0]?.data ?? [];
  const category = [option.xAxis, option.yAxis].find((a) => (a as Axis | undefined)?.type === 'category') as Axis | undefined;
  return series.map((point, i) => (typeof point === 'number' ? [category?.data?.[i] ?? String(i + 1), point] : [point.name, point.value]));
}

/**
 * A canvas chart with its text alternative: the canvas is hidden from screen readers, which read the same
 * figures as a table (visually hidden) named by the chart's title.
 */
export function Chart({ option, height = 260, label }: { option: Record<string, unknown>; height?: number; label: string }) {
  return (
    <figure style={{ margin: 0 }}>
      <div aria-hidden="true">
        <ReactEChartsCore echarts={echarts} option={option} style={{ height }} notMerge />
      </div>
      <table className="visually-hidden">
        <caption>{label}</caption>
        <tbody>
          {chartRows(option).map(([name, value]) => (
            <tr key={name}>
              <th scope="row">{name}</th>
              <td>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
