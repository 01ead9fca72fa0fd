import * as echarts from 'echarts';
import type { AnalysisReport, VariantSummary } from './report.js';

type Option = Parameters<echarts.ECharts['setOption']>[0];

const COLORS = ['#4063d8', '#cb3c33', '#389826', '#9558b2', '#d08c00', '#2a9d8f'];

/** Renders one chart to an SVG string on the server (ECharts' SSR mode: no DOM needed). */
function svg(option: Option, width = 640, height = 320): string {
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width, height });
  chart.setOption({ animation: false, color: COLORS, ...option });
  const out = chart.renderToSVGString();
  chart.dispose();
  return out;
}

function esc(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

function pct(x: number): string {
  return `${(x * 100).toFixed(1)}%`;
}

function num(x: number): string {
  return Math.abs(x) >= 100 ? x.toFixed(0) : x.toFixed(2);
}

function winRateChart(report: AnalysisReport): string {
  const players = report.variants[0]?.players ?? 0;
  return svg({
    title: { text: 'Win rate by seat (fair share dashed)', textStyle: { fontSize: 14 } },
    legend: { bottom: 0 },
    grid: { top: 50, bottom: 60 },
    xAxis: {
      type: 'category',
      data: Array.from({ length: players }, (_, i) => `seat ${String(i)}`),
    },
    yAxis: { type: 'value', axisLabel: { formatter: (v: number) => pct(v) } },
    series: report.variants.map((v, i) => ({
      type: 'bar',
      name: v.name,
      data: v.winRateBySeat.map((e) => e?.mean ?? 0),
      ...(i === 0
        ? {
            markLine: {
              symbol: 'none',
              lineStyle: { type: 'dashed', color: '#555' },
              data: [{ yAxis: 1 / Math.max(1, players) }],
              label: { show: false },
            },
          }
        : {}),
    })),
  });
}

function scoreCurveChart(v: VariantSummary): string {
  const turns = v.scoreCurves.turns.map(String);
  const series: unknown[] = [];
  v.scoreCurves.bySeat.forEach((spreads, seat) => {
    const color = COLORS[seat % COLORS.length] as string;
    const stack = `band-${String(seat)}`;
    series.push(
      {
        type: 'line',
        name: `seat ${String(seat)} p25`,
        data: spreads.map((s) => s?.p25 ?? null),
        stack,
        lineStyle: { opacity: 0 },
        symbol: 'none',
        silent: true,
      },
      {
        type: 'line',
        name: `seat ${String(seat)} p25–p75`,
        data: spreads.map((s) => (s === null ? null : s.p75 - s.p25)),
        stack,
        lineStyle: { opacity: 0 },
        areaStyle: { color, opacity: 0.15 },
        symbol: 'none',
        silent: true,
      },
      {
        type: 'line',
        name: `seat ${String(seat)}`,
        data: spreads.map((s) => s?.median ?? null),
        lineStyle: { color, width: 2 },
        itemStyle: { color },
        symbol: 'none',
      },
    );
  });
  return svg({
    title: { text: `${v.name}: score by turn (median, band p25–p75)`, textStyle: { fontSize: 14 } },
    legend: { bottom: 0, data: v.scoreCurves.bySeat.map((_, s) => `seat ${String(s)}`) },
    grid: { top: 50, bottom: 60 },
    xAxis: { type: 'category', data: turns, name: 'turn' },
    yAxis: { type: 'value' },
    series: series,
  });
}

function metricChart(report: AnalysisReport, id: string, title: string): string {
  const rows = report.variants.map((v) => v.metrics.find((m) => m.id === id)?.spread ?? null);
  return svg(
    {
      title: { text: title, textStyle: { fontSize: 14 } },
      grid: { top: 50, left: 140 },
      yAxis: { type: 'category', data: report.variants.map((v) => v.name) },
      xAxis: { type: 'value', scale: true },
      series: [
        {
          type: 'boxplot',
          data: rows.map((s) =>
            s === null ? [0, 0, 0, 0, 0] : [s.p10, s.p25, s.median, s.p75, s.p90],
          ),
        },
      ],
    },
    640,
    120 + 50 * report.variants.length,
  );
}

function branchingChart(report: AnalysisReport): string {
  const longest = report.variants.reduce<readonly number[]>(
    (a, v) => (v.scoreCurves.turns.length > a.length ? v.scoreCurves.turns : a),
    [],
  );
  return svg({
    title: {
      text: 'Branching factor by turn (median legal actions per decision)',
      textStyle: { fontSize: 14 },
    },
    legend: { bottom: 0 },
    grid: { top: 50, bottom: 60 },
    xAxis: { type: 'category', data: longest.map(String), name: 'turn' },
    yAxis: { type: 'value' },
    series: report.variants.map((v) => ({
      type: 'line',
      name: v.name,
      symbol: 'none',
      data: longest.map((t) => {
        const i = v.scoreCurves.turns.indexOf(t);
        return i < 0 ? null : (v.branchingByTurn[i] ?? null);
      }),
    })),
  });
}

function groupsChart(report: AnalysisReport): string {
  const keys = [...new Set(report.variants.flatMap((v) => v.cardGroups.map((g) => g.key)))];
  if (keys.length === 0) return '';
  return svg(
    {
      title: { text: 'Win rate with minus without, by card group', textStyle: { fontSize: 14 } },
      legend: { bottom: 0 },
      grid: { top: 50, bottom: 60, left: 170 },
      yAxis: { type: 'category', data: keys },
      xAxis: { type: 'value', axisLabel: { formatter: (x: number) => pct(x) } },
      series: report.variants.map((v) => ({
        type: 'bar',
        name: v.name,
        data: keys.map((k) => v.cardGroups.find((g) => g.key === k)?.difference ?? null),
      })),
    },
    640,
    100 + 22 * keys.length * Math.max(1, report.variants.length),
  );
}

function metricsTable(report: AnalysisReport): string {
  const head = report.variants.map((v) => `<th>${esc(v.name)}</th>`).join('');
  const first = report.variants[0];
  const rows = (first?.metrics ?? []).map((m) => {
    const cells = report.variants
      .map((v) => {
        const e = v.metrics.find((x) => x.id === m.id)?.estimate ?? null;
        if (e === null) return '<td>–</td>';
        const f = m.kind === 'rate' ? pct : num;
        return `<td>${f(e.mean)} <small>(${f(e.ci95[0])} – ${f(e.ci95[1])}, n ${String(e.n)})</small></td>`;
      })
      .join('');
    return `<tr><td><b>${esc(m.id)}</b><br><small>${esc(m.description)}</small></td>${cells}</tr>`;
  });
  const seats = (first?.winRateBySeat ?? []).map((_, seat) => {
    const cells = report.variants
      .map((v) => {
        const e = v.winRateBySeat[seat];
        return e == null
          ? '<td>–</td>'
          : `<td>${pct(e.mean)} <small>(${pct(e.ci95[0])} – ${pct(e.ci95[1])})</small></td>`;
      })
      .join('');
    return `<tr><td><b>win rate, seat ${String(seat)}</b></td>${cells}</tr>`;
  });
  return `<table><thead><tr><th>metric (mean, 95% interval)</th>${head}</tr></thead><tbody>${[...seats, ...rows].join('')}</tbody></table>`;
}

function comparisonsList(report: AnalysisReport): string {
  if (report.comparisons.length === 0) return '';
  const items = [...report.comparisons]
    .sort((a, b) => a.p - b.p)
    .map((c) => `<li class="${c.significant ? 'sig' : ''}">${esc(c.verdict)}</li>`)
    .join('');
  return `<h2>Side by side: ${esc(report.variants[0]?.name ?? '')} → others</h2><p>Two-proportion z-tests for rates, Welch z-tests for means; differences with p &lt; 0.05 in bold. Tests are not corrected for the number of metrics compared.</p><ul>${items}</ul>`;
}

function cardsTable(v: VariantSummary): string {
  const rows = [...v.cardGroups, ...v.cards]
    .filter((c) => c.difference !== null)
    .sort((a, b) => Math.abs(b.difference ?? 0) - Math.abs(a.difference ?? 0))
    .slice(0, 25)
    .map(
      (c) =>
        `<tr><td>${esc(c.key)}</td><td>${pct(c.withIt?.mean ?? 0)} <small>(n ${String(c.withIt?.n ?? 0)})</small></td><td>${pct(c.without?.mean ?? 0)}</td><td>${pct(c.difference ?? 0)}</td><td>${c.p === null ? '–' : c.p.toFixed(3)}</td></tr>`,
    )
    .join('');
  const events = v.eventAmounts
    .map((e) => `<tr><td>${esc(e.type)}</td><td>${num(e.perGame)}</td></tr>`)
    .join('');
  return `<h3>${esc(v.name)}: what matters</h3><table><thead><tr><th>card or group (seat acquired it)</th><th>win rate with</th><th>without</th><th>difference</th><th>p</th></tr></thead><tbody>${rows}</tbody></table><table><thead><tr><th>event paying an amount</th><th>mean total per game</th></tr></thead><tbody>${events}</tbody></table>`;
}

/**
 * The analysis report as one self-contained HTML page: tables and charts drawn as inline SVG
 * (ECharts rendered on the server), readable without a server or a script.
 * @public
 */
export function renderHtmlReport(report: AnalysisReport): string {
  const variants = report.variants;
  const charts = [
    `<figure>${winRateChart(report)}</figure>`,
    `<figure>${metricChart(report, 'turns', 'Game length in turns (box p25–p75, whiskers p10–p90)')}</figure>`,
    `<figure>${metricChart(report, 'decisions', 'Decisions per game (box p25–p75, whiskers p10–p90)')}</figure>`,
    `<figure>${metricChart(report, 'leadChanges', 'Lead changes per game')}</figure>`,
    `<figure>${branchingChart(report)}</figure>`,
    ...variants.map((v) => `<figure>${scoreCurveChart(v)}</figure>`),
    `<figure>${groupsChart(report)}</figure>`,
  ];
  const turnHist = variants
    .map((v) => {
      const turns = v.metrics.find((m) => m.id === 'turns')?.spread;
      return turns === null || turns === undefined
        ? ''
        : `${esc(v.name)}: median ${num(turns.median)} turns (p10 ${num(turns.p10)}, p90 ${num(turns.p90)})`;
    })
    .filter((x) => x !== '')
    .join('; ');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${esc(report.game)} analysis</title>
<style>
body{font:14px/1.45 system-ui,sans-serif;max-width:1000px;margin:2em auto;padding:0 1em;color:#222}
table{border-collapse:collapse;margin:1em 0;width:100%}td,th{border:1px solid #ddd;padding:4px 6px;text-align:left;vertical-align:top}
th{background:#f4f4f4}small{color:#666}figure{margin:1em 0}li.sig{font-weight:bold}
</style></head><body>
<h1>${esc(report.game)}: balance report</h1>
<p>${String(report.gamesPerVariant)} games per variant · bots ${esc(report.bots.join(', '))} · seed ${esc(report.seed)} · paired deals (the same seeds in every variant), seats rotated.</p>
<p>Variants: ${variants.map((v) => `<b>${esc(v.name)}</b> (${esc(v.id)}, ${String(v.games)} games${v.failed > 0 ? `, ${String(v.failed)} failed` : ''})`).join(', ')}.</p>
<p>${turnHist}</p>
${comparisonsList(report)}
<h2>Metrics</h2>
${metricsTable(report)}
<h2>Plots</h2>
<div id="charts">${charts.join('\n')}</div>
<h2>What matters</h2>
${variants.map(cardsTable).join('\n')}
</body></html>
`;
}
