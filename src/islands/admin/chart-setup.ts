/**
 * chart.js with only what the doughnut uses, registered once. Imported statically here (so the
 * bundler drops every other chart type) and loaded lazily by the chart card.
 */
import { ArcElement, Chart, DoughnutController, Tooltip } from "chart.js";

Chart.register(DoughnutController, ArcElement, Tooltip);

export { Chart };
