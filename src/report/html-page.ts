import { createHash } from 'node:crypto';
import type { Severity } from '../findings/index.js';
import { html, htmlEscape, joinMarkup, Markup, type Part } from './markup.js';
import type { ScenarioStatus } from './model.js';

/**
 * The shell every HTML report of the kit shares: one self-contained page (inline CSS and script,
 * nothing fetched), a Content-Security-Policy that allows only that inline style and exactly the
 * page's own script (by hash), and the shared styles. Every page is built with the `html`
 * template (markup.ts), which escapes each value put in: the wire holds arbitrary strings.
 */

/** The escape the `html` template applies to text. */
export { htmlEscape as escapeHtml };

/** A string safe as an HTML `id` (and a URL fragment): letters, digits, `-`, `_`. */
export function htmlId(prefix: string, text: string): string {
  return `${prefix}-${text.replace(/[^A-Za-z0-9_-]/g, (c) => `_${c.codePointAt(0)!.toString(16)}`)}`;
}

export interface HtmlPage {
  /** The document's title (plain text). */
  title: string;
  /** The page's body: markup built with the `html` template (text put here is escaped). */
  body: Part;
  /** Styles added after {@link REPORT_STYLES} (the kit's own CSS, no `</style>` in it). */
  styles?: string;
  /** A script run at the end of the body (plain JavaScript, no `</script>` in it). */
  script?: string;
}

/** Renders a whole self-contained page. */
export function htmlPage(page: HtmlPage): string {
  const script = page.script ?? '';
  if (/<\/script/i.test(script)) throw new Error('a page script must not contain </script>');
  const styles = `${REPORT_STYLES}${page.styles ?? ''}`;
  if (/<\/style/i.test(styles)) throw new Error('page styles must not contain </style>');
  const hash = createHash('sha256').update(script).digest('base64');
  const csp = `default-src 'none'; style-src 'unsafe-inline'; script-src 'sha256-${hash}'; img-src data:; base-uri 'none'; form-action 'none'`;
  // The styles and the script are the kit's own code, checked above not to end their element.
  const lines = [
    html`<!doctype html>`,
    html`<html lang="en">`,
    html`<head>`,
    html`<meta charset="utf-8">`,
    html`<meta http-equiv="Content-Security-Policy" content="${csp}">`,
    html`<meta name="viewport" content="width=device-width, initial-scale=1">`,
    html`<meta name="color-scheme" content="light dark">`,
    html`<title>${page.title}</title>`,
    html`<style>${new Markup(styles)}</style>`,
    html`</head>`,
    html`<body>`,
    html`${page.body}`,
    script === '' ? html`` : html`<script>${new Markup(script)}</script>`,
    html`</body>`,
    html`</html>`,
    html``,
  ];
  return joinMarkup(lines, '\n').text;
}

/** A status badge: passed / failed / untestable (class `status status-<s>`). */
export function statusBadge(status: ScenarioStatus): Markup {
  return html`<span class="status status-${status}">${status}</span>`;
}

/** A severity badge (class `sev sev-<severity>`). */
export function severityBadge(severity: Severity): Markup {
  return html`<span class="sev sev-${severity}">${severity}</span>`;
}

/** The shared styles: light and dark, tables, badges, counts, the wire timeline. */
export const REPORT_STYLES = `
:root{--bg:#fff;--fg:#1b1f24;--muted:#59636e;--line:#d1d9e0;--panel:#f6f8fa;--pass:#1a7f37;--fail:#cf222e;--warn:#9a6700;
--breaking:#cf222e;--changed:#bc4c00;--additive:#0969da;--cosmetic:#59636e;--add-bg:#dafbe1;--del-bg:#ffebe9;--chg-bg:#fff8c5;--time-bg:#f6f8fa;
--client:#ddf4ff;--cli:#fbefff;--stderr:#fff1e5;font-family:system-ui,-apple-system,"Segoe UI",sans-serif;font-size:14px}
@media (prefers-color-scheme:dark){:root{--bg:#0d1117;--fg:#e6edf3;--muted:#9198a1;--line:#3d444d;--panel:#151b23;--add-bg:#12361f;--del-bg:#3c1618;
--chg-bg:#3a2e05;--time-bg:#151b23;--client:#0c2d4a;--cli:#2f1b3d;--stderr:#3a2210}}
body{margin:0;padding:0 24px 48px;background:var(--bg);color:var(--fg);line-height:1.45}
header{padding:16px 0 8px;border-bottom:1px solid var(--line);margin-bottom:12px}
h1{font-size:20px;margin:0 0 4px}h2{font-size:17px;margin:28px 0 8px}h3{font-size:15px;margin:18px 0 6px}
.meta{color:var(--muted);margin:0}.meta code{font-size:12px}
nav a{margin-right:14px}a{color:var(--additive)}
code,pre,.mono{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:12px}
table{border-collapse:collapse;width:100%;margin:4px 0 12px}th,td{border:1px solid var(--line);padding:4px 8px;text-align:left;vertical-align:top;overflow-wrap:anywhere}
th{background:var(--panel);font-weight:600}td.num,th.num{text-align:right;white-space:nowrap}
table.scenarios th{white-space:nowrap}table.findings,table.changes{table-layout:fixed}details.ids>summary{color:var(--muted)}.w-scenario{width:13%}.w-code{width:13%}.w-path{width:12%}.w-message{width:32%}.w-value{width:15%}
details.severity>summary h3,details.change-severity>summary h3{display:inline-block;margin:10px 0 6px}
.verdict{display:inline-block;padding:1px 10px;border-radius:12px;color:#fff;font-size:14px;vertical-align:middle}
.verdict-passed{background:var(--pass)}.verdict-failed{background:var(--fail)}.verdict-interrupted{background:var(--warn)}
.banner{border-left:4px solid var(--warn);background:var(--chg-bg);padding:6px 10px;margin:8px 0}.banner-info{border-color:var(--additive);background:var(--panel)}
.counts{display:flex;flex-wrap:wrap;gap:8px;margin:8px 0;padding:0}
.count{border:1px solid var(--line);border-radius:6px;padding:6px 12px;min-width:84px;background:var(--panel)}
.count dt{color:var(--muted);font-size:12px}.count dd{margin:0;font-size:20px;font-weight:600}
.status,.sev{display:inline-block;padding:0 8px;border-radius:10px;font-size:12px;font-weight:600;color:#fff;white-space:nowrap}
.status-passed{background:var(--pass)}.status-failed{background:var(--fail)}.status-untestable{background:var(--warn)}
.sev-breaking{background:var(--breaking)}.sev-changed{background:var(--changed)}.sev-additive{background:var(--additive)}.sev-cosmetic{background:var(--cosmetic)}
.accepted{color:var(--muted)}
details>summary{cursor:pointer}
.session{border:1px solid var(--line);border-radius:6px;margin:8px 0;padding:4px 8px}
.session>summary{padding:4px 0;font-weight:600}
.timeline{table-layout:fixed}.timeline td{padding:2px 4px}.timeline th{font-size:12px}
.timeline td.side-gap{border-left:3px double var(--line)}
.frame{border-radius:4px;padding:2px 6px;overflow-wrap:anywhere}
.frame[data-dir="to-cli"]{background:var(--client)}.frame[data-dir="from-cli"]{background:var(--cli)}.frame[data-dir="stderr"]{background:var(--stderr)}
.frame-head{display:flex;gap:6px;align-items:baseline;flex-wrap:wrap}.frame-head .seq,.frame-head .t{color:var(--muted);font-size:11px}
.frame-head .kind{font-weight:600}.frame pre{white-space:pre-wrap;margin:4px 0;max-height:360px;overflow:auto}
.frame .preview{color:var(--muted)}
.marks{display:flex;gap:4px;flex-wrap:wrap}.mark{font-size:11px;border-radius:8px;padding:0 6px;color:#fff}
tr[data-diff="added"]>td.side-run{background:var(--add-bg)}
tr[data-diff="removed"]>td.side-baseline{background:var(--del-bg)}
tr[data-diff="changed"]>td{background:var(--chg-bg)}
tr[data-diff="timing"]>td{background:var(--time-bg)}
tr.differs>td:first-child{box-shadow:inset 3px 0 0 var(--changed)}
body.only-diff tr[data-diff="same"]{display:none}
.legend span{display:inline-block;padding:0 8px;margin-right:6px;border-radius:4px}
.toolbar{display:flex;gap:12px;align-items:center;margin:6px 0}
.empty{color:var(--muted);font-style:italic}
`;
