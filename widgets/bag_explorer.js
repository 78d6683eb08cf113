// The bag explorer: sliders for the bag and the draws, the exact distribution and a simulation side by side.
// A thin view of widgets/bag_explorer.py: Python computes every number and word; this file draws the
// `view` and `figure` traits and sends what the student changed ({type: "set" | "more" | "reset"}).
//
// view = {labels, colours, names, marks, fills, bag: {colour: count}, total, max_count, max_draws, draws,
//         colour, exact: [{k, p, float}], tallies: [n], rounds, mean: {value, float, good, total},
//         sim_mean, more: [100, 1000]}

function fmt(template, values) {
  return String(template ?? "").replace(/\{(\w+)\}/g, (_, k) => (k in values ? values[k] : `{${k}}`));
}
function esc(text) {
  return String(text ?? "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}

function tokenHtml(v, colour) {
  const m = v.marks[colour];
  const svg = m ? `<svg class="tok-mark" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="${esc(m.path)}" fill="${esc(m.ink)}"/></svg>` : "";
  return `<span class="bx-tok bx-${esc(colour)}" aria-hidden="true">${svg}</span>`;
}

let UID = 0;

function render({ model, el }) {
  const uid = `bx${++UID}`;
  el.classList.add("bx-root");
  el.innerHTML = `
    <div class="bx-widget" data-testid="bx-widget" data-lm-suppress-shortcuts="true">
      <h3 class="bx-title"></h3>
      <p class="bx-intro"></p>
      <div class="bx-main">
        <div class="bx-controls">
          <fieldset class="bx-bag"><legend class="bx-bag-title"></legend><div class="bx-sliders"></div>
            <p class="bx-total" data-testid="bx-total"></p></fieldset>
          <div class="bx-field"><label for="${uid}-draws" class="bx-draws-label"></label>
            <div class="bx-pair"><input type="range" id="${uid}-draws" data-field="draws" data-testid="bx-draws" min="1">
            <input type="number" class="bx-num" data-field="draws" min="1" data-testid="bx-draws-num"></div></div>
          <div class="bx-field"><label for="${uid}-colour" class="bx-colour-label"></label>
            <select id="${uid}-colour" data-field="colour" data-testid="bx-colour"></select></div>
          <div class="bx-buttons"></div>
          <div class="bx-error" role="alert" hidden data-testid="bx-error"></div>
        </div>
        <div class="bx-results">
          <div class="bx-plot" data-testid="bx-plot" data-loading="1"></div>
          <div class="bx-means" role="status" aria-live="polite" data-testid="bx-means"></div>
          <details class="bx-table-box"><summary class="bx-table-title"></summary><table class="bx-table" data-testid="bx-table"></table></details>
        </div>
      </div>
    </div>`;
  const root = el.querySelector(".bx-widget");
  const part = (sel) => root.querySelector(sel);
  const plotDiv = part(".bx-plot");
  let plotly = null;
  let plotFailed = null;
  let pending = null;  // a slider being dragged: send after a short pause
  const view = () => model.get("view") || {};

  function draw() {
    const v = view();
    if (!v.labels) return;
    const L = v.labels;
    for (const [c, f] of Object.entries(v.fills || {})) {
      root.style.setProperty(`--bx-${c}-light`, f.light);
      root.style.setProperty(`--bx-${c}-dark`, f.dark);
    }
    const active = document.activeElement;
    const activeKey = active && root.contains(active) ? [active.dataset.field, active.dataset.colour, active.type] : null;
    part(".bx-title").textContent = L.title;
    part(".bx-intro").textContent = L.intro;
    part(".bx-bag-title").textContent = L.bag;
    const sliders = part(".bx-sliders");
    if (sliders.childElementCount !== v.colours.length) {
      sliders.innerHTML = v.colours.map((c) => `
        <div class="bx-slider" data-colour="${esc(c)}">
          <label for="${uid}-${c}">${tokenHtml(v, c)}<span class="bx-cname"></span></label>
          <div class="bx-pair"><input type="range" id="${uid}-${c}" data-field="bag" data-colour="${esc(c)}" min="0" data-testid="bx-count-${esc(c)}">
          <input type="number" class="bx-num" data-field="bag" data-colour="${esc(c)}" min="0" data-testid="bx-count-${esc(c)}-num"></div>
        </div>`).join("");
    }
    for (const c of v.colours) {
      const row = sliders.querySelector(`[data-colour="${c}"]`);
      row.querySelector(".bx-cname").textContent = fmt(L.count_of, { colour: v.names[c] });
      row.querySelectorAll("input").forEach((input) => {
        input.max = String(v.max_count);
        if (input !== active) input.value = String(v.bag[c]);
        if (input.type === "number") input.setAttribute("aria-label", fmt(L.count_of, { colour: v.names[c] }));
      });
    }
    part(".bx-total").textContent = fmt(L.total, { n: v.total });
    part(".bx-draws-label").textContent = L.draws;
    root.querySelectorAll('[data-field="draws"]').forEach((input) => {
      input.max = String(v.max_draws);
      if (input.type === "number") input.setAttribute("aria-label", L.draws);
      if (input !== active) input.value = String(v.draws);
    });
    part(".bx-colour-label").textContent = L.colour;
    const select = part('[data-field="colour"]');
    select.innerHTML = v.colours.map((c) => `<option value="${esc(c)}">${esc(v.names[c])}</option>`).join("");
    select.value = v.colour;
    part(".bx-buttons").innerHTML = v.more.map((n) =>
      `<button type="button" class="bx-btn bx-primary" data-more="${n}" data-testid="bx-more-${n}">${esc(fmt(L.more, { n }))}</button>`,
    ).join("") + `<button type="button" class="bx-btn" data-reset="1" data-testid="bx-reset">${esc(L.reset)}</button>`;
    const m = v.mean;
    const means = [
      fmt(L.exact_mean, { draws: v.draws, k: m.good, total: m.total, mean: m.value, value: m.float.toFixed(3) }),
      fmt(L.rounds, { n: v.rounds }),
      v.sim_mean === null ? L.sim_none : fmt(L.sim_mean, { value: v.sim_mean.toFixed(3) }),
    ];
    part(".bx-means").innerHTML = means.map((t) => `<div>${esc(t)}</div>`).join("");
    part(".bx-table-title").textContent = L.table;
    const name = v.names[v.colour];
    part(".bx-table").innerHTML = `<thead><tr><th scope="col">${esc(fmt(L.k, { colour: name }))}</th>
        <th scope="col">${esc(L.p_exact)}</th><th scope="col">${esc(L.p_sim)}</th></tr></thead><tbody>${
      v.exact.map((e, k) => `<tr><th scope="row">${k}</th><td>${esc(e.p)} (${e.float.toFixed(3)})</td>
        <td>${v.rounds ? `${v.tallies[k]}/${v.rounds} (${(v.tallies[k] / v.rounds).toFixed(3)})` : "—"}</td></tr>`).join("")
    }</tbody>`;
    root.dataset.rounds = String(v.rounds);
    root.dataset.draws = String(v.draws);
    root.dataset.colour = v.colour;
    root.dataset.exact = v.exact.map((e) => e.p).join(",");
    root.dataset.tallies = v.tallies.join(",");
    drawError();
    if (activeKey && !root.contains(document.activeElement)) {
      const again = [...root.querySelectorAll("[data-field], button")].find((n) =>
        n.dataset.field === activeKey[0] && n.dataset.colour === activeKey[1] && n.type === activeKey[2]);
      if (again) again.focus({ preventScroll: true });
    }
  }

  function drawFigure() {
    const fig = model.get("figure");
    if (!fig || !fig.data) return;
    if (plotFailed) return;
    if (!plotly) {
      loadPlotly(model).then((P) => { plotly = P; plotDiv.innerHTML = ""; delete plotDiv.dataset.loading; drawFigure(); })
        .catch((err) => {
          plotFailed = err;
          plotDiv.innerHTML = `<div class="bx-error">${esc(fmt(view().labels.plotly_failed, { error: err }))}</div>`;
        });
      return;
    }
    const dark = document.body.dataset.jpThemeLight === "false";
    const ink = dark ? "#e6e6e6" : "#1b1b1b";
    // the theme's ink for text, outlines, hatching and the mean lines (the figure's own are for a light page)
    const grid = "rgba(128, 128, 128, 0.35)";
    const layout = {
      ...fig.layout,
      font: { ...(fig.layout.font || {}), color: ink },
      xaxis: { ...fig.layout.xaxis, gridcolor: grid, linecolor: ink },
      yaxis: { ...fig.layout.yaxis, gridcolor: grid, zerolinecolor: grid },
    };
    const data = fig.data.map((t) => {
      if (t.type === "scatter") return { ...t, line: { ...t.line, color: ink } };
      const marker = { ...t.marker, line: { ...(t.marker.line || {}), color: ink } };
      if (marker.pattern) marker.pattern = { ...marker.pattern, fgcolor: ink };
      return { ...t, marker };
    });
    plotly.react(plotDiv, data, layout, { displayModeBar: false, responsive: true }).then(() => {
      plotDiv.dataset.rounds = String(view().rounds);
      plotDiv.dataset.exact = String(fig.data[0].y.join(","));
      plotDiv.dataset.simulated = String(fig.data[1].y.map((y) => y.toFixed(6)).join(","));
      const svg = plotDiv.querySelector(".main-svg");
      if (svg) { svg.setAttribute("role", "img"); svg.setAttribute("aria-label", fig.layout.title.text); }
    });
  }

  function drawError() {
    const err = model.get("error") || {};
    const box = part(".bx-error");
    if (!err.en) { box.hidden = true; box.textContent = ""; return; }
    // a refused change: every input shows the bag and draws the kernel still holds
    const v = view();
    root.querySelectorAll('input[data-field="bag"]').forEach((input) => { input.value = String(v.bag[input.dataset.colour]); });
    root.querySelectorAll('input[data-field="draws"]').forEach((input) => { input.value = String(v.draws); });
    box.hidden = false;
    box.innerHTML = `<b>${esc(view().labels.error)}:</b> ${esc(model.get("lang") === "zh" ? err.zh : err.en)}`;
  }

  function changeFrom(input) {
    const value = Number(input.value);
    if (input.dataset.field === "bag") return { bag: { [input.dataset.colour]: value } };
    if (input.dataset.field === "draws") return { draws: value };
    return { colour: input.value };
  }
  function sendChange(input, wait) {
    // the number beside a slider follows it at once; the kernel is asked after a short pause
    const pair = input.closest(".bx-pair");
    if (pair) pair.querySelectorAll("input").forEach((other) => { if (other !== input) other.value = input.value; });
    clearTimeout(pending);
    if (input.type === "number" && (input.value === "" || !Number.isInteger(Number(input.value)))) return;
    const change = changeFrom(input);
    pending = setTimeout(() => model.send({ type: "set", ...change }), wait);
  }
  function onInput(event) {
    const input = event.target;
    if (!input.dataset || !input.dataset.field || input.tagName === "SELECT") return;
    sendChange(input, 120);
  }
  function onChange(event) {
    const input = event.target;
    if (!input.dataset || !input.dataset.field) return;
    sendChange(input, 0);
  }
  // Sliders step by keyboard here: JupyterLab's notebook swallows the arrow keys' default action, and
  // doing it ourselves (and cancelling the default) gives one step per key everywhere.
  const STEPS = { ArrowRight: 1, ArrowUp: 1, ArrowLeft: -1, ArrowDown: -1, PageUp: 5, PageDown: -5 };
  function onKey(event) {
    const input = event.target;
    if (input.type !== "range" || !input.dataset.field) return;
    const min = Number(input.min || 0);
    const max = Number(input.max || 100);
    let value = Number(input.value);
    if (event.key in STEPS) value += STEPS[event.key];
    else if (event.key === "Home") value = min;
    else if (event.key === "End") value = max;
    else return;
    event.preventDefault();
    event.stopPropagation();
    value = Math.max(min, Math.min(max, value));
    if (value === Number(input.value)) return;
    input.value = String(value);
    sendChange(input, 150);
  }
  function onClick(event) {
    const button = event.target.closest("button");
    if (!button || !root.contains(button)) return;
    if (button.dataset.more) model.send({ type: "more", n: Number(button.dataset.more) });
    else if (button.dataset.reset) model.send({ type: "reset" });
  }
  root.addEventListener("keydown", onKey);
  root.addEventListener("input", onInput);
  root.addEventListener("change", onChange);
  root.addEventListener("click", onClick);
  const redraw = () => { draw(); drawFigure(); };
  model.on("change:view", draw);
  model.on("change:figure", drawFigure);
  model.on("change:error", drawError);
  model.on("change:lang", redraw);
  const resize = new ResizeObserver(() => { if (plotly && plotDiv.data) plotly.Plots.resize(plotDiv); });
  resize.observe(plotDiv);
  redraw();
  return () => {
    clearTimeout(pending);
    resize.disconnect();
    model.off("change:view", draw);
    model.off("change:figure", drawFigure);
    model.off("change:error", drawError);
    model.off("change:lang", redraw);
    if (plotly && plotDiv.data) plotly.purge(plotDiv);
  };
}

export default { render };
