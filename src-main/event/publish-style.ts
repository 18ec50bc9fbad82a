// The published event page's style (publish-page.ts): inline, so the page is one file with nothing to
// fetch. Readable on a phone (tables scroll in their own box, rounds as cards that wrap), light or
// dark as the reader's system is, and printed plain: black on white, no navigation, a list not split.
export const PUBLISH_CSS = `
:root{color-scheme:light dark;--bg:#fff;--fg:#1f2328;--muted:#57606a;--line:#d8dee4;--soft:#f6f8fa;--link:#0550ae;--win:#1a7f37;--tag:#eaeef2}
@media (prefers-color-scheme:dark){:root{--bg:#0d1117;--fg:#e6edf3;--muted:#9da7b3;--line:#30363d;--soft:#161b22;--link:#79c0ff;--win:#56d364;--tag:#21262d}}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif}
header,main,footer{max-width:72rem;margin:0 auto;padding:0 1rem}
header{padding-top:1.5rem}h1{margin:0;font-size:1.8rem;line-height:1.2;overflow-wrap:anywhere}
h2{font-size:1.35rem;margin:2rem 0 .75rem;padding-bottom:.25rem;border-bottom:2px solid var(--line)}
h3{font-size:1.1rem;margin:1.25rem 0 .5rem;overflow-wrap:anywhere}
.meta{color:var(--muted);margin:.25rem 0 .75rem}
nav ul{display:flex;flex-wrap:wrap;gap:.5rem 1rem;list-style:none;margin:0;padding:0}
a{color:var(--link)}a:focus-visible,.scroll:focus-visible{outline:3px solid var(--link);outline-offset:2px}
.scroll{overflow-x:auto;max-width:100%}
table{border-collapse:collapse;width:100%}
th,td{text-align:left;vertical-align:top;padding:.4rem .6rem;border-bottom:1px solid var(--line)}
thead th{font-size:.8rem;text-transform:uppercase;letter-spacing:.03em;color:var(--muted);white-space:nowrap}
tbody tr:nth-child(even){background:var(--soft)}
.num{text-align:right;white-space:nowrap;font-variant-numeric:tabular-nums}
.standings td.player{min-width:9rem;overflow-wrap:anywhere}.standings .score{font-weight:700}
.from,.under{display:block;color:var(--muted);font-size:.85rem}.narrow-only{display:none}
.tag{display:inline-block;margin-left:.4rem;padding:0 .45rem;border-radius:.6rem;background:var(--tag);color:var(--fg);font-size:.75rem;font-weight:600;vertical-align:.1em}
.note{color:var(--muted);font-size:.9rem}
ol.tables{list-style:none;margin:0;padding:0;display:grid;gap:.75rem;grid-template-columns:repeat(auto-fill,minmax(19rem,1fr))}
ol.tables li{border:1px solid var(--line);border-radius:.5rem;padding:.6rem .8rem;background:var(--soft);overflow-wrap:anywhere}
.tno{margin:0;font-size:.85rem;color:var(--muted)}.tno b{color:var(--fg)}
.seat{margin:.2rem 0 0}.seat .army{color:var(--muted);font-size:.85rem}
.won{color:var(--win);font-weight:700}
.res{margin:.3rem 0 0;font-weight:600}.why{margin:.3rem 0 0;color:var(--muted);font-size:.85rem;font-style:italic}
.lists{display:grid;gap:1rem;grid-template-columns:repeat(auto-fill,minmax(22rem,1fr))}
article.list{border:1px solid var(--line);border-radius:.5rem;padding:0 .9rem .6rem;min-width:0}
article.list h3{margin-top:.8rem}
.army{margin:.25rem 0 .5rem}
dl.facts{display:grid;grid-template-columns:repeat(auto-fill,minmax(8.5rem,1fr));gap:.25rem .75rem;margin:.5rem 0;font-size:.9rem}
dl.facts div{min-width:0}dt{color:var(--muted);font-size:.8rem}dd{margin:0;overflow-wrap:anywhere}
table.units{font-size:.92rem}.unit{font-weight:600}tfoot td{font-weight:700;border-bottom:none}
.notes{white-space:pre-wrap;font-size:.9rem}.code{color:var(--muted);font-size:.8rem;overflow-wrap:anywhere}.back{margin:.25rem 0 0;font-size:.9rem}
footer{color:var(--muted);font-size:.85rem;padding-top:2rem;padding-bottom:2rem}
@media (max-width:40rem){body{font-size:15px}.army-col{display:none}.narrow-only{display:block}h1{font-size:1.5rem}.lists{grid-template-columns:1fr}ol.tables{grid-template-columns:1fr}th,td{padding:.35rem .4rem}}
@media print{:root{--bg:#fff;--fg:#000;--muted:#444;--line:#bbb;--soft:#fff;--link:#000;--win:#000;--tag:#eee}
body{font-size:10pt}nav,.back{display:none}a{text-decoration:none}.scroll{overflow:visible}
h2{break-after:avoid}article.list,ol.tables li{break-inside:avoid}.lists{display:block}article.list{margin-bottom:.75rem}}
`
