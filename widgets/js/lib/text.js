// The boards' small text helpers: every word comes from the kernel's labels, these only fill
// placeholders and format numbers.

const IDEOGRAPH = /[\u3400-\u9fff\uf900-\ufaff]/;
const LATIN = /[A-Za-z0-9]/; // on the template's side: a letter or digit
const ASCII_EDGE = /[!-~]/; // on the value's side: any visible ASCII ('pink', Ann, 2)

// "{name} wins" + {name: "Ash"} -> "Ash wins" (an unknown placeholder is left as it is). Where a
// value meets the template, Chinese and Latin text get a space between them, as the kernel's
// catalogue does (pokelab.words.catalogue._filled): "轮到{name}" + Ann -> "轮到 Ann", + 小明 -> "轮到小明".
export function fmt(template, values) {
  const text = String(template ?? "");
  return text.replace(/\{(\w+)\}/g, (whole, k, at) => {
    if (!(k in values)) return whole;
    const value = String(values[k]);
    if (!value) return value;
    const before = text[at - 1] ?? "";
    const after = text[at + whole.length] ?? "";
    const first = value[0];
    const last = value[value.length - 1];
    const lead = (IDEOGRAPH.test(before) && ASCII_EDGE.test(first)) || (LATIN.test(before) && IDEOGRAPH.test(first));
    const tail = (ASCII_EDGE.test(last) && IDEOGRAPH.test(after)) || (IDEOGRAPH.test(last) && LATIN.test(after));
    return (lead ? " " : "") + value + (tail ? " " : "");
  });
}

// A chance as a percentage with `digits` decimals ("" for none). A chance above 0 that would round
// to 0% is written "<1%", one below 1 that would round to 100% ">99%": neither is certain (issue 31).
export function pct(p, { digits = 0 } = {}) {
  if (p === null || p === undefined) return "";
  const unit = 10 ** -digits;  // the last shown digit, in percent
  if (p > 0 && p * 100 < unit / 2) return `<${unit}%`;
  if (p < 1 && p * 100 >= 100 - unit / 2) return `>${100 - unit}%`;
  return `${(Math.round(p * 10 ** (digits + 2)) / 10 ** digits).toFixed(digits)}%`;
}

// Shares of one whole (chances that add to 1: who wins) as whole percentages that add to 100%:
// each rounded down, then the points left over go to the largest remainders (ties: the earlier
// seat). A share above 0 left at 0% is written "<1%", one below 1 at 100% ">99%". Chances that
// do not add to 1 are written one by one with pct.
export function shares(ps) {
  const total = ps.reduce((a, p) => a + (p || 0), 0);
  if (ps.some((p) => p === null || p === undefined) || Math.abs(total - 1) > 1e-9) return ps.map((p) => pct(p));
  const whole = ps.map((p) => Math.floor(p * 100 + 1e-9));
  const order = ps.map((p, i) => [p * 100 - whole[i], i]).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  let left = 100 - whole.reduce((a, n) => a + n, 0);
  for (const [, i] of order) {
    if (left <= 0) break;
    whole[i] += 1;
    left -= 1;
  }
  return whole.map((n, i) => (n === 0 && ps[i] > 0 ? "<1%" : n === 100 && ps[i] < 1 ? ">99%" : `${n}%`));
}

// A number with `d` decimals, rounded half up as the boards always showed it.
export function num(x, d = 2) {
  return (Math.round(x * 10 ** d) / 10 ** d).toFixed(d);
}
