import type { BrandColours } from './brand';

// The answering page's whole style sheet, inline (one request less before the first question; the
// CSP allows inline styles, not scripts). Phone first, 320 px up; a column of reading width beyond.
// Focus is always visible (WCAG 2.2 2.4.7, 2.4.11), targets are 24 px at least (2.5.8), and text
// keeps 4.5:1 on its background (1.4.3: the brand colours from brand.ts).

export function pageStyle({ brand, onBrand, accent }: BrandColours): string {
  return `
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%;text-size-adjust:100%}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;font-size:1.0625rem;line-height:1.5;color:#1b1b1b;background:#fff}
.band{background:${brand};color:${onBrand};padding:.75rem 1rem}
.band p{margin:0 auto;max-width:41rem;font-weight:600;overflow-wrap:anywhere}
main{display:block;margin:0 auto;max-width:44rem;padding:1rem 1rem 3rem}
h1{font-size:1.625rem;line-height:1.25;margin:1rem 0 .75rem;overflow-wrap:anywhere}
h2{font-size:1.25rem;line-height:1.3;margin:1.5rem 0 .5rem}
p{margin:0 0 .75rem}
a{color:${accent};text-underline-offset:.15em}
a:hover{text-decoration-thickness:.15em}
:focus-visible{outline:3px solid #1b1b1b;outline-offset:2px}
.facts{list-style:none;padding:0;margin:1rem 0;border-top:1px solid #d0d0d0}
.facts li{padding:.5rem 0;border-bottom:1px solid #d0d0d0}
.note{background:#f3f3f3;border-left:4px solid ${accent};padding:.75rem 1rem;margin:1rem 0}
.consent{white-space:pre-line;background:#f3f3f3;padding:.75rem 1rem;margin:0 0 1rem;font-size:.9375rem;max-height:16rem;overflow:auto}
.field{margin:0 0 1.25rem}
.field label,.label{display:block;font-weight:600;margin-bottom:.25rem}
input[type=text],input[type=email],textarea{display:block;width:100%;max-width:30rem;font:inherit;color:inherit;padding:.5rem .625rem;border:2px solid #595959;border-radius:4px;background:#fff}
textarea{max-width:none;min-height:8rem;resize:vertical}
input[aria-invalid=true],textarea[aria-invalid=true]{border-color:#b3261e}
.code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;letter-spacing:.05em;text-transform:uppercase}
fieldset{border:0;padding:0;margin:0 0 1.75rem;min-width:0}
legend{float:left;width:100%;padding:0;font-weight:600;font-size:1.125rem;line-height:1.35;margin-bottom:.5rem;overflow-wrap:anywhere}
legend .number{display:block;font-size:.9375rem;font-weight:400;color:#4a4a4a}
.question legend+*{clear:left}.optional{font-weight:400}
.help{color:#4a4a4a;margin:-.25rem 0 .5rem}
.question.invalid{border-left:4px solid #b3261e;padding-left:.75rem}
.error{color:#b3261e;font-weight:600;margin:0 0 .5rem}
.option{display:flex;align-items:flex-start;gap:.625rem;padding:.5rem .625rem;margin:0 0 .375rem;border:1px solid #c4c4c4;border-radius:6px}
.option input{flex:none;width:1.25rem;height:1.25rem;margin:.15rem 0 0;accent-color:${accent}}
.option label{flex:1;cursor:pointer;overflow-wrap:anywhere;font-weight:400;margin:0}
.option:has(input:checked){border-color:${accent};box-shadow:inset 0 0 0 1px ${accent}}
.summary{border:3px solid #b3261e;padding:1rem;margin:1rem 0 1.5rem}
.summary:focus-visible{outline-offset:3px}
.summary h2{margin-top:0;font-size:1.125rem}
.summary ul{margin:0;padding-left:1.25rem}
.summary a{color:#b3261e;font-weight:600}
.deadline{background:#f3f3f3;padding:.625rem 1rem;margin:0 0 1rem;position:sticky;top:0;z-index:1;border-bottom:1px solid #d0d0d0}
.deadline span[role=timer]{display:inline-block;margin-left:.75rem;font-variant-numeric:tabular-nums;font-weight:600}
.actions{display:flex;flex-wrap:wrap;gap:.75rem;align-items:center;margin:1.5rem 0 .5rem}
button{font:inherit;font-weight:600;min-height:2.75rem;padding:.5rem 1.25rem;border-radius:6px;cursor:pointer;border:2px solid ${accent}}
.primary{background:${brand};color:${onBrand};border-color:${brand === accent ? brand : accent}}
.secondary{background:#fff;color:${accent}}
.status{min-height:1.5em;color:#1b1b1b}
.done{border:2px solid #2e7d32;padding:1rem;margin:1rem 0}.done h2{margin-top:0}
.result{list-style:none;padding:0;margin:0}
.result li{border-top:1px solid #d0d0d0;padding:.75rem 0}
table.results{border-collapse:collapse;width:100%;margin:1rem 0 1.5rem}
.results caption{text-align:left;font-weight:600;padding:.25rem 0}.results .answered{font-weight:400}
.results th,.results td{border-bottom:1px solid #d0d0d0;padding:.4rem .5rem;text-align:left}
.results td{text-align:right;white-space:nowrap}
.right{color:#1e6b24;font-weight:600}
.wrong{color:#b3261e;font-weight:600}
.visually-hidden{position:absolute!important;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
@media (min-width:40rem){h1{font-size:2rem}main{padding:1.5rem 1.5rem 3rem}.band{padding:1rem 1.5rem}}
@media (forced-colors:active){.option:has(input:checked){outline:2px solid CanvasText}}
`
    .trim()
    .replace(/\n/g, '');
}
