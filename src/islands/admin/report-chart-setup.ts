/**
 * chart.js with only what the reports' weekly bar chart uses, registered once. Imported statically
 * here (so the bundler drops every other chart type) and loaded lazily by the chart card.
 */
import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from "chart.js";

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

export { Chart };
