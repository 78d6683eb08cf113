// widgets/static/probability_tree.js: built by scripts/build_js.py (esbuild 0.28.2) from widgets/js/probability_tree.js; do not edit. sources-sha256: 4bb45504f5af5157985fe8436f6d73e69616413cb95bfa827955152179d56cee

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
function pct(p, { digits = 0 } = {}) {
  if (p === null || p === void 0) return "";
  const unit = 10 ** -digits;
  if (p > 0 && p * 100 < unit / 2) return `<${unit}%`;
  if (p < 1 && p * 100 >= 100 - unit / 2) return `>${100 - unit}%`;
  return `${(Math.round(p * 10 ** (digits + 2)) / 10 ** digits).toFixed(digits)}%`;
}

// widgets/js/probability_tree.js
var CHECK = "M9.2 16.6 4.8 12.2 3.4 13.6l5.8 5.8L20.6 8l-1.4-1.4Z";
var CROSS = "M6.4 5 5 6.4 10.6 12 5 17.6 6.4 19l5.6-5.6 5.6 5.6 1.4-1.4-5.6-5.6L19 6.4 17.6 5 12 10.6Z";
function icon(d) {
  return svg("svg", { class: "pt-icon", viewBox: "0 0 24 24", "aria-hidden": "true", focusable: "false" }, svg("path", { d, fill: "currentColor" }));
}
function token(view, group) {
  return [
    h("span", { class: `pt-tok pt-${group}`, "aria-hidden": "true" }, markSvg(view.marks[group])),
    h("span", { class: "pt-name" }, view.names[group] ?? group)
  ];
}
var UID = 0;
function render({ model, el }) {
  const uid = `pt${++UID}`;
  el.classList.add("pt-root");
  const root = h(
    "div",
    { class: "pt-widget", dataset: { testid: "pt-widget" }, "data-lm-suppress-shortcuts": "true" },
    h("div", { class: "pt-head" }, h("h3", { class: "pt-title" }), h("p", { class: "pt-intro" }), h("div", { class: "pt-bag" })),
    h(
      "div",
      { class: "pt-controls" },
      h(
        "label",
        { class: "pt-target-label" },
        h("span", { class: "pt-target-word" }),
        " ",
        h("select", { class: "pt-target", dataset: { testid: "pt-target" } })
      ),
      " ",
      h("button", { type: "button", class: "pt-btn", dataset: { cmd: "expand_all", testid: "pt-expand-all" } }),
      " ",
      h("button", { type: "button", class: "pt-btn", dataset: { cmd: "collapse_all", testid: "pt-collapse-all" } })
    ),
    h("div", { class: "pt-error", role: "alert", hidden: true, dataset: { testid: "pt-error" } }),
    h("div", { class: "pt-scroll" }, h("ul", { class: "pt-tree", role: "tree" })),
    h("div", { class: "pt-legend" }),
    h("div", { class: "pt-sum", role: "status", "aria-live": "polite", dataset: { testid: "pt-sum" } }),
    h("p", { class: "pt-keys" })
  );
  el.append(root);
  const part = (sel) => root.querySelector(sel);
  const treeEl = part(".pt-tree");
  let focusId = 0;
  const view = () => model.get("view") || {};
  const openSet = () => new Set(model.get("open_nodes") || []);
  function setOpen(ids) {
    model.set("open_nodes", [...ids].sort((a, b) => a - b));
    model.save_changes();
  }
  function treeItem(v, node, open, L) {
    const nodes2 = v.tree.nodes;
    const isLeaf = node.children.length === 0;
    const isOpen = !isLeaf && open.has(node.id);
    const hasTarget = v.tree.target !== null;
    const onPath = hasTarget && node.hits_float > 0;
    const pathWords = [];
    for (let n = node; n.parent !== null; n = nodes2[n.parent]) pathWords.unshift(v.names[n.token] ?? n.token);
    const pathText = pathWords.length ? pathWords.join(" → ") : L.start;
    const aria = [fmt(L.item_label, { path: pathText, branch: node.branch_counts, p: node.probability })];
    let extra = null;
    if (isLeaf && hasTarget) {
      aria.push(node.achieved ? L.item_leaf_hit : L.item_leaf_miss);
      extra = node.achieved ? h("span", { class: "pt-mark pt-hit-mark" }, icon(CHECK), L.achieved) : h("span", { class: "pt-mark pt-miss-mark" }, icon(CROSS), L.not_achieved);
    } else if (!isLeaf && onPath) {
      aria.push(fmt(L.item_hits, { p: node.hits }));
      if (!isOpen) extra = h("span", { class: "pt-mark pt-inside" }, icon(CHECK), fmt(L.hits_inside, { p: node.hits }));
    }
    if (!isLeaf && !isOpen) aria.push(fmt(L.item_closed, { n: node.children.length }));
    const classes = [
      "pt-item",
      isLeaf ? "pt-leaf" : "pt-inner",
      onPath ? "pt-on" : "",
      isLeaf && node.achieved ? "pt-hit" : ""
    ].filter(Boolean).join(" ");
    const label = node.token === null ? h("span", { class: "pt-name" }, L.start) : token(v, node.token);
    const branch = node.parent === null ? null : h("span", { class: "pt-branch", "aria-hidden": "true" }, node.branch_counts);
    const twisty = isLeaf ? null : h("span", { class: "pt-twisty", "aria-hidden": "true" }, isOpen ? "−" : "+");
    return h(
      "li",
      {
        class: classes,
        role: "treeitem",
        id: `${uid}-n${node.id}`,
        dataset: { node: node.id },
        "aria-level": node.depth + 1,
        "aria-expanded": isLeaf ? null : String(isOpen),
        "aria-selected": String(node.id === focusId),
        tabindex: node.id === focusId ? 0 : -1,
        "aria-label": aria.join("; ")
      },
      h(
        "div",
        { class: "pt-row" },
        branch,
        h(
          "span",
          { class: "pt-node", dataset: { testid: `pt-node-${node.id}` } },
          twisty,
          label,
          " ",
          h("span", { class: "pt-p" }, fmt(L.path_p, { p: node.probability })),
          extra
        )
      ),
      isOpen ? h("ul", { class: "pt-group", role: "group" }, node.children.map((c) => treeItem(v, nodes2[c], open, L))) : null
    );
  }
  function draw() {
    const v = view();
    if (!v.tree) return;
    const L = v.labels;
    const t = v.tree;
    const open = openSet();
    const hadFocus = root.contains(document.activeElement) && document.activeElement.getAttribute("role") === "treeitem";
    if (!t.nodes[focusId] || !visibleIds(t, open).includes(focusId)) focusId = nearestVisible(t, open, focusId);
    for (const [c, f] of Object.entries(v.fills || {})) {
      root.style.setProperty(`--pt-${c}-light`, f.light);
      root.style.setProperty(`--pt-${c}-dark`, f.dark);
    }
    part(".pt-title").textContent = L.title;
    part(".pt-intro").textContent = L.intro;
    const spaced = (items) => items.flatMap((x, i) => i ? [" ", x] : [x]);
    const bag = spaced(v.bag.map((b) => h("span", { class: "pt-bagitem" }, token(v, b.colour), ` × ${b.count}`)));
    const shown = t.shown.length ? h("span", { class: "pt-shown" }, `${L.shown}: `, spaced(t.shown.map((c) => h("span", { class: "pt-bagitem" }, token(v, c))))) : null;
    fill(
      part(".pt-bag"),
      h("span", { class: "pt-bagword" }, `${L.bag}:`),
      " ",
      bag,
      " ",
      shown,
      " ",
      h("span", { class: "pt-draws" }, fmt(L.draws, { n: t.draws - t.shown.length })),
      t.lumped ? [" ", h("span", { class: "pt-lumped" }, L.lumped)] : null
    );
    part(".pt-target-word").textContent = L.target;
    const select = part(".pt-target");
    fill(select, v.target_options.map((o) => h("option", { value: o.code }, o.text)));
    select.value = t.target ?? "";
    part('[data-cmd="expand_all"]').textContent = L.expand_all;
    part('[data-cmd="collapse_all"]').textContent = L.collapse_all;
    treeEl.setAttribute("aria-label", fmt(L.tree_label, { n: t.nodes.length, leaves: t.leaves }));
    fill(treeEl, treeItem(v, t.nodes[0], open, L));
    root.dataset.target = t.target ?? "";
    root.dataset.open = [...open].join(",");
    fill(
      part(".pt-legend"),
      t.target === null ? null : [
        h("span", { class: "pt-legend-item" }, h("span", { class: "pt-mark pt-hit-mark pt-hit" }, icon(CHECK), L.achieved), " ", L.legend_hit),
        " ",
        h("span", { class: "pt-legend-item" }, h("span", { class: "pt-legend-line", "aria-hidden": "true" }), " ", L.legend_line)
      ]
    );
    const sum = part(".pt-sum");
    if (t.sum) {
      fill(
        sum,
        h("b", {}, L.sum_title),
        h("br"),
        fmt(L.sum, { k: t.achieving.length, leaves: t.leaves, target: t.target_text, text: t.sum.text, pct: pct(t.sum.float, { digits: 1 }) })
      );
      sum.dataset.value = t.sum.value;
    } else {
      sum.textContent = L.sum_none;
      sum.dataset.value = "";
    }
    part(".pt-keys").textContent = L.keys;
    drawError();
    if (hadFocus) focusNode(focusId);
  }
  function drawError() {
    const err = model.get("error") || {};
    const box = part(".pt-error");
    const L = view().labels || {};
    if (!err.text) {
      box.hidden = true;
      box.textContent = "";
      return;
    }
    const t = view().tree;
    if (t) part(".pt-target").value = t.target ?? "";
    box.hidden = false;
    fill(box, h("b", {}, `${L.error}:`), " ", err.text);
  }
  function visibleIds(t, open) {
    const out = [];
    const walk = (id) => {
      out.push(id);
      const n = t.nodes[id];
      if (n.children.length && open.has(id)) n.children.forEach(walk);
    };
    walk(0);
    return out;
  }
  function nearestVisible(t, open, id) {
    const visible = new Set(visibleIds(t, open));
    let n = t.nodes[id];
    while (n && !visible.has(n.id)) n = n.parent === null ? null : t.nodes[n.parent];
    return n ? n.id : 0;
  }
  function focusNode(id) {
    focusId = id;
    treeEl.querySelectorAll('[role="treeitem"]').forEach((item2) => {
      const me = Number(item2.dataset.node) === id;
      item2.tabIndex = me ? 0 : -1;
      item2.setAttribute("aria-selected", String(me));
    });
    const item = treeEl.querySelector(`[data-node="${id}"]`);
    if (item) {
      item.focus({ preventScroll: false });
    }
  }
  function toggle(id) {
    const t = view().tree;
    if (!t.nodes[id].children.length) return;
    const open = openSet();
    if (open.has(id)) open.delete(id);
    else open.add(id);
    focusId = id;
    setOpen(open);
  }
  function onKey(event) {
    const item = event.target.closest('[role="treeitem"]');
    if (!item || !treeEl.contains(item)) return;
    const t = view().tree;
    const open = openSet();
    const id = Number(item.dataset.node);
    const node = t.nodes[id];
    const visible = visibleIds(t, open);
    const at = visible.indexOf(id);
    let handled = true;
    switch (event.key) {
      case "ArrowDown":
        if (at < visible.length - 1) focusNode(visible[at + 1]);
        break;
      case "ArrowUp":
        if (at > 0) focusNode(visible[at - 1]);
        break;
      case "Home":
        focusNode(visible[0]);
        break;
      case "End":
        focusNode(visible[visible.length - 1]);
        break;
      case "ArrowRight":
        if (node.children.length && !open.has(id)) toggle(id);
        else if (node.children.length) focusNode(node.children[0]);
        break;
      case "ArrowLeft":
        if (node.children.length && open.has(id)) toggle(id);
        else if (node.parent !== null) focusNode(node.parent);
        break;
      case "Enter":
      case " ":
        toggle(id);
        break;
      default:
        handled = false;
    }
    if (handled) {
      event.preventDefault();
      event.stopPropagation();
    }
  }
  function onClick(event) {
    const button = event.target.closest("button[data-cmd]");
    if (button && root.contains(button)) {
      const t = view().tree;
      setOpen(button.dataset.cmd === "expand_all" ? t.nodes.filter((n) => n.children.length).map((n) => n.id) : []);
      return;
    }
    const row = event.target.closest(".pt-row");
    if (!row || !treeEl.contains(row)) return;
    const item = row.parentElement;
    event.stopPropagation();
    const id = Number(item.dataset.node);
    focusId = id;
    toggle(id);
    focusNode(id);
  }
  function onChange(event) {
    if (event.target.classList.contains("pt-target")) {
      model.send({ type: "set_target", target: event.target.value });
    }
  }
  treeEl.addEventListener("keydown", onKey);
  root.addEventListener("click", onClick);
  root.addEventListener("change", onChange);
  const redraw = () => draw();
  model.on("change:view", redraw);
  model.on("change:open_nodes", redraw);
  model.on("change:error", drawError);
  model.on("change:lang", redraw);
  draw();
  return () => {
    model.off("change:view", redraw);
    model.off("change:open_nodes", redraw);
    model.off("change:error", drawError);
    model.off("change:lang", redraw);
  };
}
var probability_tree_default = { render };
export {
  probability_tree_default as default
};
