// The boards' small text helpers: every word comes from the kernel's labels, these only fill
// placeholders and format numbers.

// "{name} wins" + {name: "Ash"} -> "Ash wins" (an unknown placeholder is left as it is).
export function fmt(template, values) {
  return String(template ?? "").replace(/\{(\w+)\}/g, (_, k) => (k in values ? values[k] : `{${k}}`));
}

// A chance as a percentage with `digits` decimals ("" for none); `tiny` writes "<1%" for a
// chance above 0 that would round to 0%.
export function pct(p, { digits = 0, tiny = false } = {}) {
  if (p === null || p === undefined) return "";
  if (tiny && p > 0 && p < 0.005) return "<1%";
  if (!digits) return `${Math.round(p * 100)}%`;
  return `${(Math.round(p * 10 ** (digits + 2)) / 10 ** digits).toFixed(digits)}%`;
}

// A number with `d` decimals, rounded half up as the boards always showed it.
export function num(x, d = 2) {
  return (Math.round(x * 10 ** d) / 10 ** d).toFixed(d);
}

// A text the kernel already rendered in the board's language: a string, or an object with its
// `text` ("" for none). `lang` is unused: the kernel sends one language only.
export function pick(value, _lang) {
  if (value === null || value === undefined) return "";
  return typeof value === "string" ? value : value.text ?? "";
}
