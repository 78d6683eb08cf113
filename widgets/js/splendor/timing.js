// For tests and latency measurement every board records timing marks in
// window.__pokelab.marks: {kind: "send" | "step" | "reply" | "render" | "paint", t, revision,
// type, dt, kernel_ms}
// ("render": the DOM is rebuilt, dt is how long that took; "paint": the next animation frame).

function marks() {
  const g = (globalThis.__pokelab = globalThis.__pokelab || { marks: [] });
  return g.marks;
}

export function mark(kind, extra) {
  const list = marks();
  list.push({ kind, t: performance.now(), ...extra });
  if (list.length > 2000) list.splice(0, list.length - 2000);
}
