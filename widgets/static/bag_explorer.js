// widgets/static/bag_explorer.js: built by scripts/build_js.py (esbuild 0.28.2) from widgets/js/bag_explorer.js; do not edit. sources-sha256: 667c492d003af1b48e5c81a324cb386db3f556f545211133da30900b4a6a87ef

// widgets/js/lib/dom.js
var SVG_NS = "http://www.w3.org/2000/svg";
function nodes(children) {
  const out = [];
  for (const child of children.flat(Infinity)) {
    if (child === null || child === void 0 || child === false) continue;
    out.push(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return out;
}
function append(node, children) {
  node.append(...nodes(children));
  return node;
}
function h(tag, props, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props || {})) {
    if (value === void 0 || value === null || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "dataset") {
      for (const [k, v] of Object.entries(value)) if (v !== void 0 && v !== null) node.dataset[k] = String(v);
    } else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "style") node.setAttribute("style", value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  return append(node, children);
}
function svg(tag, attrs, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs || {})) if (v !== null && v !== void 0) node.setAttribute(k, String(v));
  return append(node, children);
}
function fill(node, ...children) {
  node.replaceChildren(...nodes(children));
  return node;
}
function markSvg(mark) {
  if (!mark) return null;
  return svg(
    "svg",
    { class: "tok-mark", viewBox: "0 0 24 24", "aria-hidden": "true", focusable: "false" },
    svg("path", { d: mark.path, fill: mark.ink })
  );
}

// widgets/js/lib/plotly.js
function loadPlotly(model) {
  if (globalThis.Plotly) return Promise.resolve(globalThis.Plotly);
  if (!globalThis.__pokelabPlotly) {
    globalThis.__pokelabPlotly = new Promise((resolve, reject) => {
      const onMsg = (msg, buffers) => {
        if (!msg || msg.type !== "plotly_js") return;
        model.off("msg:custom", onMsg);
        try {
          const buf = buffers && buffers[0];
          const bytes = buf instanceof DataView ? new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength) : new Uint8Array(buf.buffer ? buf.buffer : buf);
          const source = new TextDecoder().decode(bytes);
          const module = { exports: {} };
          new Function("module", "exports", source)(module, module.exports);
          resolve(globalThis.Plotly || module.exports);
        } catch (err) {
          globalThis.__pokelabPlotly = null;
          reject(err);
        }
      };
      model.on("msg:custom", onMsg);
      model.send({ type: "plotly_js" });
    });
  }
  return globalThis.__pokelabPlotly;
}
function plotlyLoader(model, { ready, failed }) {
  let plotly = null;
  let asked = false;
  return {
    get() {
      if (plotly || asked) return plotly;
      asked = true;
      loadPlotly(model).then(
        (P) => {
          plotly = P;
          ready(P);
        },
        (err) => {
          asked = false;
          failed(err);
        }
        // the next figure asks again
      );
      return null;
    }
  };
}

// widgets/js/lib/text.js
var IDEOGRAPH = /[\u3400-\u9fff\uf900-\ufaff]/;
var LATIN = /[A-Za-z0-9]/;
var ASCII_EDGE = /[!-~]/;
function fmt(template, values) {
  const text = String(template ?? "");
  return text.replace(/\{(\w+)\}/g, (whole, k, at) => {
    if (!(k in values)) return whole;
    const value = String(values[k]);
    if (!value) return value;
    const before = text[at - 1] ?? "";
    const after = text[at + whole.length] ?? "";
    const first = value[0];
    const last = value[value.length - 1];
    const lead = IDEOGRAPH.test(before) && ASCII_EDGE.test(first) || LATIN.test(before) && IDEOGRAPH.test(first);
    const tail = ASCII_EDGE.test(last) && IDEOGRAPH.test(after) || IDEOGRAPH.test(last) && LATIN.test(after);
    return (lead ? " " : "") + value + (tail ? " " : "");
  });
}

// widgets/js/bag_explorer.js
function token(v, colour) {
  return h("span", { class: `bx-tok bx-${colour}`, "aria-hidden": "true" }, markSvg(v.marks[colour]));
}
var UID = 0;
function render({ model, el }) {
  const uid = `bx${++UID}`;
  el.classList.add("bx-root");
  const root = h(
    "div",
    { class: "bx-widget", dataset: { testid: "bx-widget" }, "data-lm-suppress-shortcuts": "true" },
    h("h3", { class: "bx-title" }),
    h("p", { class: "bx-intro" }),
    h(
      "div",
      { class: "bx-main" },
      h(
        "div",
        { class: "bx-controls" },
        h(
          "fieldset",
          { class: "bx-bag" },
          h("legend", { class: "bx-bag-title" }),
          h("div", { class: "bx-sliders" }),
          h("p", { class: "bx-total", dataset: { testid: "bx-total" } })
        ),
        h(
          "div",
          { class: "bx-field" },
          h("label", { for: `${uid}-draws`, class: "bx-draws-label" }),
          h(
            "div",
            { class: "bx-pair" },
            h("input", { type: "range", id: `${uid}-draws`, dataset: { field: "draws", testid: "bx-draws" }, min: "1" }),
            h("input", { type: "number", class: "bx-num", dataset: { field: "draws", testid: "bx-draws-num" }, min: "1" })
          )
        ),
        h(
          "div",
          { class: "bx-field" },
          h("label", { for: `${uid}-colour`, class: "bx-colour-label" }),
          h("select", { id: `${uid}-colour`, dataset: { field: "colour", testid: "bx-colour" } })
        ),
        h("div", { class: "bx-buttons" }),
        h("div", { class: "bx-error", role: "alert", hidden: true, dataset: { testid: "bx-error" } })
      ),
      h(
        "div",
        { class: "bx-results" },
        h("div", { class: "bx-plot", dataset: { testid: "bx-plot", loading: "1" } }),
        h("div", { class: "bx-means", role: "status", "aria-live": "polite", dataset: { testid: "bx-means" } }),
        h(
          "details",
          { class: "bx-table-box" },
          h("summary", { class: "bx-table-title" }),
          h("table", { class: "bx-table", dataset: { testid: "bx-table" } })
        )
      )
    )
  );
  el.append(root);
  const part = (sel) => root.querySelector(sel);
  const plotDiv = part(".bx-plot");
  let plotly = null;
  let plotFailed = null;
  const plotlyLoad = plotlyLoader(model, {
    ready: () => {
      plotDiv.replaceChildren();
      delete plotDiv.dataset.loading;
      drawFigure();
    },
    failed: (err) => {
      plotFailed = err;
      fill(plotDiv, h("div", { class: "bx-error" }, fmt(view().labels.plotly_failed, { error: err })));
    }
  });
  let pending = null;
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
      fill(
        sliders,
        v.colours.map(
          (c) => h(
            "div",
            { class: "bx-slider", dataset: { colour: c } },
            h("label", { for: `${uid}-${c}` }, token(v, c), h("span", { class: "bx-cname" })),
            h(
              "div",
              { class: "bx-pair" },
              h("input", { type: "range", id: `${uid}-${c}`, dataset: { field: "bag", colour: c, testid: `bx-count-${c}` }, min: "0" }),
              h("input", { type: "number", class: "bx-num", dataset: { field: "bag", colour: c, testid: `bx-count-${c}-num` }, min: "0" })
            )
          )
        )
      );
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
    fill(select, v.colours.map((c) => h("option", { value: c }, v.names[c])));
    select.value = v.colour;
    fill(
      part(".bx-buttons"),
      v.more.map(
        (n) => h("button", { type: "button", class: "bx-btn bx-primary", dataset: { more: n, testid: `bx-more-${n}` } }, fmt(L.more, { n }))
      ),
      h("button", { type: "button", class: "bx-btn", dataset: { reset: "1", testid: "bx-reset" } }, L.reset)
    );
    const m = v.mean;
    const means = [
      fmt(L.exact_mean, { draws: v.draws, k: m.good, total: m.total, mean: m.value, value: m.float.toFixed(3) }),
      fmt(L.rounds, { n: v.rounds }),
      v.sim_mean === null ? L.sim_none : fmt(L.sim_mean, { value: v.sim_mean.toFixed(3) })
    ];
    fill(part(".bx-means"), means.map((t) => h("div", {}, t)));
    part(".bx-table-title").textContent = L.table;
    const name = v.names[v.colour];
    fill(
      part(".bx-table"),
      h(
        "thead",
        {},
        h("tr", {}, h("th", { scope: "col" }, fmt(L.k, { colour: name })), h("th", { scope: "col" }, L.p_exact), h("th", { scope: "col" }, L.p_sim))
      ),
      h(
        "tbody",
        {},
        v.exact.map(
          (e, k) => h(
            "tr",
            {},
            h("th", { scope: "row" }, k),
            h("td", {}, `${e.p} (${e.float.toFixed(3)})`),
            h("td", {}, v.rounds ? `${v.tallies[k]}/${v.rounds} (${(v.tallies[k] / v.rounds).toFixed(3)})` : "—")
          )
        )
      )
    );
    root.dataset.rounds = String(v.rounds);
    root.dataset.draws = String(v.draws);
    root.dataset.colour = v.colour;
    root.dataset.exact = v.exact.map((e) => e.p).join(",");
    root.dataset.tallies = v.tallies.join(",");
    drawError();
    if (activeKey && !root.contains(document.activeElement)) {
      const again = [...root.querySelectorAll("[data-field], button")].find((n) => n.dataset.field === activeKey[0] && n.dataset.colour === activeKey[1] && n.type === activeKey[2]);
      if (again) again.focus({ preventScroll: true });
    }
  }
  function drawFigure() {
    const fig = model.get("figure");
    if (!fig || !fig.data) return;
    if (plotFailed) return;
    plotly = plotlyLoad.get();
    if (!plotly) return;
    const dark = document.body.dataset.jpThemeLight === "false";
    const ink = dark ? "#e6e6e6" : "#1b1b1b";
    const grid = "rgba(128, 128, 128, 0.35)";
    const layout = {
      ...fig.layout,
      font: { ...fig.layout.font || {}, color: ink },
      xaxis: { ...fig.layout.xaxis, gridcolor: grid, linecolor: ink },
      yaxis: { ...fig.layout.yaxis, gridcolor: grid, zerolinecolor: grid }
    };
    const data = fig.data.map((t) => {
      if (t.type === "scatter") return { ...t, line: { ...t.line, color: ink } };
      const marker = { ...t.marker, line: { ...t.marker.line || {}, color: ink } };
      if (marker.pattern) marker.pattern = { ...marker.pattern, fgcolor: ink };
      return { ...t, marker };
    });
    plotly.react(plotDiv, data, layout, { displayModeBar: false, responsive: true }).then(() => {
      plotDiv.dataset.rounds = String(view().rounds);
      plotDiv.dataset.exact = String(fig.data[0].y.join(","));
      plotDiv.dataset.simulated = String(fig.data[1].y.map((y) => y.toFixed(6)).join(","));
      const chart = plotDiv.querySelector(".main-svg");
      if (chart) {
        chart.setAttribute("role", "img");
        chart.setAttribute("aria-label", fig.layout.title.text);
      }
    });
  }
  function drawError() {
    const err = model.get("error") || {};
    const box = part(".bx-error");
    if (!err.text) {
      box.hidden = true;
      box.textContent = "";
      return;
    }
    const v = view();
    root.querySelectorAll('input[data-field="bag"]').forEach((input) => {
      input.value = String(v.bag[input.dataset.colour]);
    });
    root.querySelectorAll('input[data-field="draws"]').forEach((input) => {
      input.value = String(v.draws);
    });
    box.hidden = false;
    fill(box, h("b", {}, `${view().labels.error}:`), " ", err.text);
  }
  function changeFrom(input) {
    const value = Number(input.value);
    if (input.dataset.field === "bag") return { bag: { [input.dataset.colour]: value } };
    if (input.dataset.field === "draws") return { draws: value };
    return { colour: input.value };
  }
  function sendChange(input, wait) {
    const pair = input.closest(".bx-pair");
    if (pair) pair.querySelectorAll("input").forEach((other) => {
      if (other !== input) other.value = input.value;
    });
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
  const redraw = () => {
    draw();
    drawFigure();
  };
  model.on("change:view", draw);
  model.on("change:figure", drawFigure);
  model.on("change:error", drawError);
  model.on("change:lang", redraw);
  const resize = new ResizeObserver(() => {
    if (plotly && plotDiv.data) plotly.Plots.resize(plotDiv);
  });
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
var bag_explorer_default = { render };
export {
  bag_explorer_default as default
};
